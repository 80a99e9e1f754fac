import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The built `medsched-server`; the root `pnpm test` builds it first. */
export const serverBin = fileURLToPath(new URL('../../dist/node/bin.js', import.meta.url));

export interface ServerProcess {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** The API's base address the server printed, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  /** Everything the server printed on stdout so far. */
  stdout(): string;
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL, unless the process has already ended. */
  kill(): void;
}

/**
 * Every server started and not yet ended, killed when the test worker exits: a test that times
 * out never reaches its `finally`, and its server would otherwise live on (found on a loaded
 * machine: a bin test's server still running minutes after its run), loading the next runs.
 */
const running = new Set<ChildProcessByStdio<null, Readable, Readable>>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `medsched-server` with `args` (add `--port 0`) and resolves once it prints where it listens. */
export async function startServerBin(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverBin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/[^\s/]+:(\d+)\/v1)/.exec(printed);
      if (match && match[2] !== '0') resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${printed}`)));
  });
  return {
    child,
    url,
    stdout: () => printed,
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
