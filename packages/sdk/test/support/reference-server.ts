/**
 * The reference server as a process (its built bin, seeded with the demo data) and a TCP proxy
 * in front of it that can cut a connection the way a network does, for tests over real HTTP.
 * The SDK does not depend on the server package: the bin is started from the workspace path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

export const serverBin = fileURLToPath(new URL('../../../reference-server/dist/node/bin.js', import.meta.url));
export const serverBuilt = existsSync(serverBin);

/** Demo credentials and records of the seed (see `medsched-server credentials`). */
export const demo = {
  adminKey: 'msk_demo_sonnen_admin',
  organization: '64d001000000000000000001',
  patient: '64d002000000000000000003',
} as const;

export interface ServerProcess {
  /** Base URL, ending in `/v1`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts `medsched-server` on a free port and resolves once it listens. */
export async function startReferenceServer(args: string[] = []): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [serverBin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/.exec(output);
      if (match && match[2] !== '0') resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`medsched-server exited with ${code}: ${output}`)));
  });
  return {
    url,
    port: Number(new URL(url).port),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface ResettingProxy {
  /** Base URL through the proxy, ending in `/v1`. */
  url: string;
  /** How many connections were reset after the server had answered. */
  resets: number;
  /** Resets the next `count` connections once the server's answer arrives (the client never sees it). */
  resetNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `port` that, when told, forwards a request in full and then resets the client's
 * connection instead of passing the answer on: the write happened, the client cannot know it.
 */
export async function startResettingProxy(port: number): Promise<ResettingProxy> {
  let toReset = 0;
  const state = { resets: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = connect(port, '127.0.0.1');
    sockets.add(upstream);
    const reset = toReset > 0;
    if (reset) toReset--;
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => {
      if (reset) {
        state.resets++;
        client.resetAndDestroy();
        upstream.destroy();
        return;
      }
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    get resets() {
      return state.resets;
    },
    resetNext(count) {
      toReset = count;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
