import type { Style } from './style.js';
import { cliProcess } from '../io/cli-process.js';

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Whether a labelled progress is on the screen, so the generic "waiting for the server" line stays away. */
export const progressState = { active: false };

/**
 * Progress of a long operation, on stderr only: a spinner on a terminal, one line at the
 * start and one at the end otherwise (so logs of scripted runs still say what happened).
 */
export function startProgress(label: string, options: { tty: boolean; style: Style }): { done(result: string): void; fail(): void } {
  const started = Date.now();
  progressState.active = true;
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (!options.tty) {
    cliProcess().stderr.write(`${label}…\n`);
    return {
      done: (result) => {
        progressState.active = false;
        cliProcess().stderr.write(`${result} (${elapsed()})\n`);
      },
      fail: () => {
        progressState.active = false;
      },
    };
  }
  let frame = 0;
  const draw = () => cliProcess().stderr.write(`\r${options.style.cyan(frames[frame++ % frames.length] ?? '')} ${label}… ${options.style.dim(elapsed())}`);
  draw();
  const timer = setInterval(draw, 80);
  const clear = () => {
    progressState.active = false;
    clearInterval(timer);
    cliProcess().stderr.write('\r\u001b[2K');
  };
  return {
    done: (result) => {
      clear();
      cliProcess().stderr.write(`${options.style.green('✓')} ${result} ${options.style.dim(`(${elapsed()})`)}\n`);
    },
    fail: clear,
  };
}
