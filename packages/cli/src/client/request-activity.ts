import { progressState } from '../output/progress.js';
import type { Style } from '../output/style.js';
import { cliProcess } from '../io/cli-process.js';
import { deadlineRemainingMs } from './deadline.js';

/** A request slower than this gets a progress line: below it, output would only flicker. */
const noticeableMs = 1_000;
/**
 * No plain waiting line (it stays in a log, unlike the spinner) when the --timeout deadline is
 * closer than this: its report follows at once and says more, and a line raced against it would
 * make two runs of one command differ.
 */
const lastWordsMs = 500;
/** Without a terminal, how often a still-waiting line is repeated. */
const repeatMs = 10_000;
const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

interface InFlight {
  label: string;
  started: number;
}

/**
 * The requests the SDK has on the wire (seen through the fetch it is given), so that nothing is
 * silent: a request slower than a second gets a progress line on stderr (a spinner on a
 * terminal, a plain line every 10 s otherwise; never stdout), and the --timeout report can
 * name what it was waiting for.
 */
export class RequestActivity {
  readonly #inFlight = new Map<number, InFlight>();
  readonly #tty: boolean;
  readonly #style: Style;
  readonly #timeoutText: string;
  #next = 0;
  #timer: NodeJS.Timeout | undefined;
  #drawn = false;
  #lastPlain = 0;
  #frame = 0;
  #suspended = false;

  constructor(options: { tty: boolean; style: Style; timeoutMs: number }) {
    this.#tty = options.tty;
    this.#style = options.style;
    this.#timeoutText = `${Math.round(options.timeoutMs / 100) / 10} s`;
  }

  /** A fetch that reports its requests here. */
  wrap(fetchImpl: typeof globalThis.fetch): typeof globalThis.fetch {
    return (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const id = this.#start(`${init?.method ?? 'GET'} ${new URL(url).pathname.replace(/^\/v1(?=\/)/, '')}`);
      return fetchImpl(input, init).finally(() => this.#end(id));
    };
  }

  /** The oldest request still waiting for its answer, and for how long. */
  oldest(): { label: string; ms: number } | undefined {
    const first = this.#inFlight.values().next().value;
    return first && { label: first.label, ms: Date.now() - first.started };
  }

  /** Stops drawing (a question is on the screen); `resume` draws again. */
  suspend(): void {
    this.#suspended = true;
    this.#clear();
  }

  resume(): void {
    this.#suspended = false;
  }

  /** Clears the line before the process writes its last words. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#clear();
  }

  #start(label: string): number {
    const id = this.#next++;
    this.#inFlight.set(id, { label, started: Date.now() });
    // Unref'd: the progress line must never keep a finished command alive.
    this.#timer ??= setInterval(() => this.#tick(), this.#tty ? 80 : 250).unref();
    return id;
  }

  #end(id: number): void {
    this.#inFlight.delete(id);
    if (this.#inFlight.size === 0) this.stop();
  }

  #tick(): void {
    const oldest = this.oldest();
    // A labelled progress (bake's spinner) already tells what is going on.
    if (!oldest || oldest.ms < noticeableMs || this.#suspended || progressState.active) return;
    const seconds = (oldest.ms / 1000).toFixed(1);
    const more = this.#inFlight.size > 1 ? ` and ${this.#inFlight.size - 1} more` : '';
    if (this.#tty) {
      const frame = frames[this.#frame++ % frames.length] ?? '';
      cliProcess().stderr.write(`\r\u001b[2K${this.#style.cyan(frame)} Waiting for the server: ${oldest.label}${more} ${this.#style.dim(`${seconds} s (timeout ${this.#timeoutText})`)}`);
      this.#drawn = true;
    } else if (Date.now() - this.#lastPlain >= repeatMs && (deadlineRemainingMs() ?? Number.POSITIVE_INFINITY) >= lastWordsMs) {
      this.#lastPlain = Date.now();
      cliProcess().stderr.write(`Waiting for the server: ${oldest.label}${more}, ${Math.floor(oldest.ms / 1000)} s so far (timeout ${this.#timeoutText})…\n`);
    }
  }

  #clear(): void {
    if (this.#drawn) cliProcess().stderr.write('\r\u001b[2K');
    this.#drawn = false;
  }
}
