import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `medsched-server` of the workspace. */
export const serverBin = fileURLToPath(new URL('../../../reference-server/dist/node/bin.js', import.meta.url));

export interface ServerProcess {
  /** The API's base address, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  child: ChildProcess;
  /** SIGTERM, resolved when the process has ended. */
  stop(): Promise<void>;
}

/** Starts the reference server as its own process on a free loopback port (demo seed), resolved once it listens. */
export async function startServerProcess(args: string[] = []): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverBin, '--port', '0', '--host', '127.0.0.1', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const match = /listening on (http:\/\/[^\s/]+:(\d+)\/v1)/.exec(printed);
      if (match && match[2] !== '0') resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`medsched-server exited with ${code}: ${printed}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
