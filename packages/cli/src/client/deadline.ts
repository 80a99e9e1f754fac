/**
 * The total time a command may wait for the server (--timeout). One per run; it counts only
 * while the CLI waits for the server: a question on the screen pauses it, since a person
 * reading a question is not a slow server.
 */
let timer: NodeJS.Timeout | undefined;
let remainingMs = 0;
let startedAt = 0;
let expire: (() => void) | undefined;

/** Starts the clock (once; later calls do nothing). `onExpire` reports and ends the run. */
export function armDeadline(ms: number, onExpire: () => void): void {
  if (expire !== undefined) return;
  expire = onExpire;
  remainingMs = ms;
  resumeDeadline();
}

export function pauseDeadline(): void {
  if (timer === undefined) return;
  clearTimeout(timer);
  timer = undefined;
  remainingMs -= Date.now() - startedAt;
}

export function resumeDeadline(): void {
  if (expire === undefined || timer !== undefined) return;
  startedAt = Date.now();
  // Unref'd: a command that is done never waits for its deadline.
  timer = setTimeout(() => expire?.(), Math.max(0, remainingMs)).unref();
}

/** For commands that run until stopped (`--follow`): no total deadline, only per request. */
export function disarmDeadline(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  expire = () => {};
}
