import { endsInvocation, invocationLocal } from '../io/cli-process.js';

/**
 * The total time a command may wait for the server (--timeout). One per run; it counts only
 * while the CLI waits for the server: a question on the screen pauses it, since a person
 * reading a question is not a slow server.
 */
interface DeadlineState {
  timer: NodeJS.Timeout | undefined;
  remainingMs: number;
  startedAt: number;
  expire: (() => void) | undefined;
}

/** One deadline per invocation (the bin's process, or one in-process run). */
const deadline = invocationLocal<DeadlineState>(() => ({ timer: undefined, remainingMs: 0, startedAt: 0, expire: undefined }));

/** Starts the clock (once; later calls do nothing). `onExpire` reports and ends the run. */
export function armDeadline(ms: number, onExpire: () => void): void {
  const state = deadline();
  if (state.expire !== undefined) return;
  state.expire = onExpire;
  state.remainingMs = ms;
  resumeDeadline();
}

export function pauseDeadline(): void {
  const state = deadline();
  if (state.timer === undefined) return;
  clearTimeout(state.timer);
  state.timer = undefined;
  state.remainingMs -= Date.now() - state.startedAt;
}

export function resumeDeadline(): void {
  const state = deadline();
  if (state.expire === undefined || state.timer !== undefined) return;
  state.startedAt = Date.now();
  // Unref'd: a command that is done never waits for its deadline. The expiry ends the run (exit):
  // in-process that exit must not escape the timer.
  state.timer = setTimeout(
    endsInvocation(() => state.expire?.()),
    Math.max(0, state.remainingMs),
  ).unref();
}

/**
 * How long the run's deadline has left: undefined before it is armed, infinite once disarmed
 * (`--follow`), and while paused (a question on the screen) what was left at the pause.
 */
export function deadlineRemainingMs(): number | undefined {
  const state = deadline();
  if (state.expire === undefined) return undefined;
  // Paused, or disarmed (then no end: infinite).
  if (state.timer === undefined) return state.remainingMs;
  return state.remainingMs - (Date.now() - state.startedAt);
}

/** For commands that run until stopped (`--follow`): no total deadline, only per request. */
export function disarmDeadline(): void {
  const state = deadline();
  if (state.timer !== undefined) clearTimeout(state.timer);
  state.timer = undefined;
  state.remainingMs = Number.POSITIVE_INFINITY;
  state.expire = () => {};
}

/** Stops the clock of a run that has ended (in-process: a finished run's deadline must not fire later). */
export function clearDeadline(): void {
  const state = deadline();
  if (state.timer !== undefined) clearTimeout(state.timer);
  state.timer = undefined;
}
