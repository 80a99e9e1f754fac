import { progressState } from '../output/progress.js';
import type { Style } from '../output/style.js';
import { cliProcess } from '../io/cli-process.js';

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Progress of a walk through a home's patients, counted, on stderr only. */
export interface WalkProgress {
  /** One more patient done. */
  step(): void;
  /** Patients done so far. */
  readonly count: number;
  done(result: string): void;
  /** Clears the line (an error or Ctrl-C report follows). */
  stop(): void;
}

/**
 * A spinner with "3 of 9 patients" on a terminal; without one a line at the start and one at
 * the end, so that the log of a scripted run says what happened and how long it took.
 */
export function startWalkProgress(label: string, total: number, options: { tty: boolean; style: Style }): WalkProgress {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  let count = 0;
  let frame = 0;
  let timer: NodeJS.Timeout | undefined;
  progressState.active = true;
  const draw = () => {
    // One line only: a line wider than the terminal wraps, and the carriage return that redraws it would leave the wrapped part behind.
    const tail = ` ${count} of ${total} ${elapsed()}`;
    const room = Math.max(10, (cliProcess().stderr.columns || 80) - 3 - tail.length);
    const shown = [...`${label}…`].length > room ? `${[...label].slice(0, room - 1).join('')}…` : `${label}…`;
    cliProcess().stderr.write(`\r\u001b[2K${options.style.cyan(frames[frame++ % frames.length] ?? '')} ${shown} ${count} of ${total} ${options.style.dim(elapsed())}`);
  };
  if (options.tty) {
    draw();
    timer = setInterval(draw, 80);
  } else {
    cliProcess().stderr.write(`${label}…\n`);
  }
  const stop = () => {
    progressState.active = false;
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    if (options.tty) cliProcess().stderr.write('\r\u001b[2K');
  };
  return {
    step: () => {
      count += 1;
    },
    get count() {
      return count;
    },
    done: (result) => {
      stop();
      cliProcess().stderr.write(options.tty ? `${options.style.green('✓')} ${result} ${options.style.dim(`(${elapsed()})`)}\n` : `${result} (${elapsed()})\n`);
    },
    stop,
  };
}
