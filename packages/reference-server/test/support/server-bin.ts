import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The built `medsched-server`; the root `pnpm test` builds it first. */
export const serverBin = fileURLToPath(new URL('../../dist/node/bin.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The API's base address the server printed, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, unless the process has already ended. */
  kill(): void;
}

/** Starts `medsched-server` with `args` (add `--port 0`) and resolves once it prints where it listens. */
export async function startServerBin(args: string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/.exec(output);
      if (match && match[2] !== '0') resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return {
    child,
    url,
    stop() {
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      return exit;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
