import { Readable, Writable } from 'node:stream';
import { answerWithoutCommands } from './quick-answers.js';
import { runCommandLine } from './command-line.js';
import { clearDeadline } from './client/deadline.js';
import { InvocationExit, runInvocation, type CliProcess, type InProcessInvocation } from './io/cli-process.js';

/**
 * One CLI invocation inside the calling process (dist/run.js): the same command line as the bin,
 * on its own arguments, environment, stdin, stdout, stderr and exit code, without starting a
 * process. For the CLI's own tests, which otherwise pay a Node start and a compile of the bundle
 * per run; not a public export. What depends on the process itself (signals, terminals, pipes that
 * close, the machine's time zone) is not simulated here: such tests start the bin.
 */

/** What an in-process run is given. */
export interface RunOptions {
  /** The whole environment of the run (nothing of the host's is read). */
  env: NodeJS.ProcessEnv;
  /** All of stdin (a pipe that ends), default empty. */
  input?: string;
  /** argv[1], the script path commander sees (the bin's path). */
  scriptPath?: string;
}

/** How an in-process run ended: as a process would have, its exit code and everything it printed. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Collects what a run prints; after the run ended (its exit), nothing more is taken, as nothing reaches a dead process's pipe. */
class CapturedOutput extends Writable {
  readonly #chunks: Buffer[] = [];
  stopped = false;

  override _write(chunk: Buffer | string, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (!this.stopped) this.#chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    done();
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString('utf8');
  }
}

/** The process view of one run: its streams, its exit code, `exit` as an exception that ends the run. */
class RunProcess implements CliProcess {
  readonly stdout = new CapturedOutput();
  readonly stderr = new CapturedOutput();
  readonly stdin: Readable;
  exitCode: number | string | null | undefined = undefined;
  /** Set by `exit`: the code the run ends with, whatever happens after. */
  exitedWith: number | undefined;
  /** Settles at `exit`, even when called from a timer while the command's flow still waits. */
  readonly exited: Promise<void>;
  #onExit: () => void = () => {};
  readonly #exitListeners: Array<(code: number) => void> = [];

  constructor(
    readonly argv: string[],
    readonly env: NodeJS.ProcessEnv,
    input: string,
    readonly end: AbortController,
  ) {
    this.stdin = Readable.from(input === '' ? [] : [Buffer.from(input)]);
    this.exited = new Promise((resolve) => (this.#onExit = resolve));
  }

  exit(code?: number): never {
    if (this.exitedWith === undefined) {
      this.exitedWith = code ?? Number(this.exitCode ?? 0);
      // As a process's 'exit' listeners (e.g. removing a partial file), then its output closes.
      for (const listener of this.#exitListeners.splice(0)) listener(this.exitedWith);
      this.finish();
      this.#onExit();
    }
    throw new InvocationExit(this.exitedWith);
  }

  /** The run is over: later output is dropped, open requests are cut. */
  finish(): void {
    this.stdout.stopped = true;
    this.stderr.stopped = true;
    this.end.abort();
  }

  on(event: 'SIGINT' | 'SIGTERM' | 'exit', listener: (argument: never) => void): this {
    // Signals never reach an in-process run; its 'exit' is `exit()`.
    if (event === 'exit') this.#exitListeners.push(listener as (code: number) => void);
    return this;
  }

  once(event: 'SIGINT' | 'SIGTERM' | 'exit', listener: (argument: never) => void): this {
    return this.on(event, listener);
  }

  off(event: 'SIGINT' | 'SIGTERM' | 'exit', listener: (argument: never) => void): this {
    const index = this.#exitListeners.indexOf(listener as (code: number) => void);
    if (event === 'exit' && index >= 0) this.#exitListeners.splice(index, 1);
    return this;
  }

  listenerCount(): number {
    return 0;
  }
}

/**
 * Runs `medsched <args>` in this process and returns its exit code and output. Concurrent runs
 * are independent (each has its own context through AsyncLocalStorage). A failure of the CLI
 * that a process would show as a crash (an uncaught exception) rejects.
 */
export async function run(args: readonly string[], options: RunOptions): Promise<RunResult> {
  const end = new AbortController();
  const current = new RunProcess([process.execPath, options.scriptPath ?? 'medsched', ...args], options.env, options.input ?? '', end);
  const invocation: InProcessInvocation = { process: current, locals: new Map(), signal: end.signal };
  const ran = runInvocation(invocation, async () => {
    try {
      if (!answerWithoutCommands(args)) await runCommandLine();
    } catch (error) {
      if (!(error instanceof InvocationExit)) throw error;
    } finally {
      clearDeadline();
    }
  });
  // An exit from a timer (the --timeout deadline) ends the run at once, as it ends a process; the
  // command's own flow then meets its cut requests and dropped output.
  await Promise.race([ran, current.exited]);
  // Ended by `exit` (its code, even if the command's flow went on), or by running to its end (exitCode).
  const code = current.exitedWith ?? Number(current.exitCode ?? 0);
  current.finish();
  return { code, stdout: current.stdout.text(), stderr: current.stderr.text() };
}
