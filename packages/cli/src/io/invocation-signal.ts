import { invocationSignal } from './cli-process.js';

/**
 * A request's options with the in-process run's end added to its signal: when the run ends (its
 * exit, e.g. the --timeout deadline), requests still open are cut, as a process's end cuts its
 * sockets, so that nothing of an ended run goes on writing to the server. For the bin, `init` as
 * it was.
 */
export function withInvocationSignal(init: RequestInit | undefined): RequestInit | undefined {
  const ended = invocationSignal();
  if (ended === undefined) return init;
  const own = init?.signal ?? undefined;
  return { ...init, signal: own === undefined ? ended : AbortSignal.any([own, ended]) };
}
