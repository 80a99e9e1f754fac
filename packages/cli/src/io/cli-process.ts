import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The process as one CLI invocation sees it. The bin runs one invocation per process and reads
 * the real `process`; the in-process runner (src/run.ts, for the CLI's own tests) runs many in one
 * process, each with its own arguments, environment, streams and exit code. Every place in the CLI
 * that would read `process.argv`, `.env`, `.stdin`, `.stdout`, `.stderr`, or set an exit code, asks
 * `cliProcess()` instead; outside `run` that is `process` itself, so the bin behaves as before.
 */

/** An output stream as the CLI uses it: a terminal's size when it is one. */
export interface OutputStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
  rows?: number;
  /** A terminal's colour support (tty.WriteStream). */
  hasColors?(): boolean;
}

/** The input stream: read whole (JSON bodies); a terminal never in-process. */
export interface InputStream extends NodeJS.ReadableStream {
  isTTY?: boolean;
}

/** What of `process` belongs to one invocation. `process` itself satisfies it. */
export interface CliProcess {
  readonly argv: string[];
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: InputStream;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  exitCode?: number | string | null | undefined;
  /** Ends the invocation with `code`: the process, or (in-process) the run, which returns it. */
  exit(code?: number): never;
  /** Signal listeners are the real process's only: an in-process run installs none (signals are tested with processes). */
  on(event: 'SIGINT' | 'SIGTERM', listener: (signal: NodeJS.Signals) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  once(event: 'SIGINT' | 'SIGTERM', listener: (signal: NodeJS.Signals) => void): unknown;
  once(event: 'exit', listener: (code: number) => void): unknown;
  off(event: 'SIGINT' | 'SIGTERM', listener: (signal: NodeJS.Signals) => void): unknown;
  off(event: 'exit', listener: (code: number) => void): unknown;
  listenerCount(event: 'SIGINT'): number;
}

/** An invocation run inside another process (src/run.ts): its process view, its own state, a signal that stops its requests. */
export interface InProcessInvocation {
  process: CliProcess;
  /** Module state that belongs to one run (the write journal, the deadline, …), by owner. */
  locals: Map<symbol, unknown>;
  /** Aborted when the invocation ends (exit, or done): requests still open are cut, as a process's end cuts them. */
  signal: AbortSignal;
}

const storage = new AsyncLocalStorage<InProcessInvocation>();

/** The process of the invocation running now: `process`, or the in-process run's view of it. */
export function cliProcess(): CliProcess {
  return storage.getStore()?.process ?? process;
}

/** Runs `body` as one in-process invocation: everything it calls, sync or async, sees `invocation`. */
export function runInvocation<T>(invocation: InProcessInvocation, body: () => Promise<T>): Promise<T> {
  return storage.run(invocation, body);
}

/** True inside an in-process run (no signal handlers, no real exit). */
export function runsInProcess(): boolean {
  return storage.getStore() !== undefined;
}

/**
 * State of one invocation that a module keeps: once per process for the bin (a plain module value,
 * as before), once per run in-process. `create` makes the fresh value.
 */
export function invocationLocal<T>(create: () => T): () => T {
  const key = Symbol('invocation local');
  let processValue: T | undefined;
  return () => {
    const invocation = storage.getStore();
    if (invocation === undefined) return (processValue ??= create());
    if (!invocation.locals.has(key)) invocation.locals.set(key, create());
    return invocation.locals.get(key) as T;
  };
}

/** The signal that ends an in-process invocation's requests; undefined for the real process (its end ends them). */
export function invocationSignal(): AbortSignal | undefined {
  return storage.getStore()?.signal;
}

/** Thrown by an in-process `exit()`: unwinds the invocation as the real exit ends the process. */
export class InvocationExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
    this.name = 'InvocationExit';
  }
}

/**
 * For a callback outside the command's own flow (a timer, a stream's error event) that may end the
 * invocation: in-process, the exit it throws must not become the host's uncaught exception. For the
 * bin, `exit` never returns and this changes nothing.
 */
export function endsInvocation<A extends unknown[]>(callback: (...args: A) => void): (...args: A) => void {
  return (...args) => {
    try {
      callback(...args);
    } catch (error) {
      if (!(error instanceof InvocationExit)) throw error;
    }
  };
}
