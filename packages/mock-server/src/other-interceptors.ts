import { MockApiError } from './mock-error.js';

/**
 * Another msw server (or anything else built on @mswjs/interceptors) intercepting in the same realm
 * as the mock. msw shares one interceptor per kind (fetch, ClientRequest, XMLHttpRequest) between
 * all servers of a realm: a second `setupServer().listen()` adds its listener to the first one's,
 * after which only one server's handlers answer (measured with msw 2.15 and 3.0: the last to
 * listen), and the other's `close()` stops interception for both. So a plain msw server beside the
 * mock silently takes the mock's requests over, or sends them to the real network.
 *
 * msw 2 keeps each running interceptor on `globalThis` under a registered symbol; msw 3 keeps them
 * in `globalThis.__MSW_INTERCEPTORS_REGISTRY`. Both count their `request` listeners: one per
 * listening server.
 */

interface InterceptorLike {
  readyState?: string;
  emitter?: { listenerCount?(event: string): number };
  listenerCount?(event: string): number;
}

/** msw 2's interceptors (@mswjs/interceptors 0.3x–0.41), by their registered symbols. */
const msw2Symbols = ['fetch-interceptor', 'client-request-interceptor', 'xhr-interceptor'].map((name) => Symbol.for(name));

/** How many listeners each active interceptor of the realm has, by name (empty: none intercepts). */
export type InterceptorCensus = ReadonlyMap<string, number>;

/** The realm's active msw interceptors and their `request` listeners, for msw 2 and 3. */
export function interceptorCensus(): InterceptorCensus {
  const census = new Map<string, number>();
  const scope = globalThis as Record<symbol | string, unknown>;
  for (const symbol of msw2Symbols) {
    const count = requestListeners(scope[symbol] as InterceptorLike | undefined, false);
    if (count > 0) census.set(symbol.description ?? String(symbol), count);
  }
  const registry = scope.__MSW_INTERCEPTORS_REGISTRY;
  if (registry instanceof Map) {
    for (const [symbol, interceptor] of registry as Map<unknown, InterceptorLike>) {
      const count = requestListeners(interceptor, true);
      if (count > 0) census.set(typeof symbol === 'symbol' ? (symbol.description ?? 'interceptor') : String(symbol), count);
    }
  }
  return census;
}

/** `request` listeners of one interceptor; 0 when it is not applied (msw 3: not ACTIVE). */
function requestListeners(interceptor: InterceptorLike | undefined, mustBeActive: boolean): number {
  if (!interceptor || typeof interceptor !== 'object') return 0;
  if (mustBeActive && interceptor.readyState !== 'ACTIVE') return 0;
  try {
    if (typeof interceptor.listenerCount === 'function') return interceptor.listenerCount('request');
    if (typeof interceptor.emitter?.listenerCount === 'function') return interceptor.emitter.listenerCount('request');
  } catch {
    // An interceptor of a shape we do not know: it does not count.
  }
  return 0;
}

const advice =
  'msw shares one interceptor between all servers of a process, and then only one of them answers. ' +
  'Put your own handlers on the mock instead (mock.server.use(http.get(...)) in Node, mock.worker.use(...) in the browser; reset() drops them), ' +
  'or close() the other server before the mock listens.';

/** Throws `other_msw` if an msw server is already intercepting here (called before the mock listens). */
export function refuseOtherInterceptors(where: 'process' | 'page'): void {
  const census = interceptorCensus();
  if (census.size === 0) return;
  throw new MockApiError(
    'other_msw',
    `another msw ${where === 'page' ? 'worker' : 'server'} is already intercepting requests in this ${where} (${describe(census)}), ` +
      `so it would take over the mock's requests silently. ${advice}`,
  );
}

/**
 * Remembers the realm's interceptors right after the mock started listening, and says when they
 * changed since: another server started listening (more listeners) or stopped the shared
 * interceptor (fewer, none), either of which means the mock no longer answers its requests.
 */
export class InterceptorWatch {
  readonly #baseline: string;

  constructor() {
    this.#baseline = describe(interceptorCensus());
  }

  /** Throws `other_msw` with `what` (the call that noticed) if the interceptors changed. */
  check(what: string): void {
    const now = describe(interceptorCensus());
    if (now === this.#baseline) return;
    const stopped = now === 'none';
    throw new MockApiError(
      'other_msw',
      stopped
        ? `${what}: the mock no longer intercepts requests: another msw server's close() stopped the interceptor it shared with the mock ` +
            `(listeners when the mock started: ${this.#baseline}; now none), so the app's requests reach the real network. ${advice}`
        : `${what}: another msw server started listening after the mock (listeners when the mock started: ${this.#baseline}; now: ${now}), ` +
            `so it answers the mock's requests instead. ${advice}`,
    );
  }
}

function describe(census: InterceptorCensus): string {
  if (census.size === 0) return 'none';
  return [...census].map(([name, count]) => `${name} ×${count}`).sort().join(', ');
}
