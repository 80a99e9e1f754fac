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
  symbol?: unknown;
  emitter?: { listeners?(event: string): unknown[] };
  listeners?(event: string): unknown[];
}

/**
 * msw 2's interceptors (@mswjs/interceptors 0.39–0.41) live on `globalThis` under their own symbol
 * (registered from 0.40 on, e.g. `Symbol.for('fetch-interceptor')`; a plain `Symbol('fetch')` in
 * 0.39), which the instance keeps as `symbol`. In the browser every started `setupWorker()`
 * applies the WebSocket one (its HTTP goes through the service worker), so it counts the workers.
 */
function msw2Interceptors(): Array<[string, InterceptorLike]> {
  const scope = globalThis as Record<symbol, unknown>;
  const found: Array<[string, InterceptorLike]> = [];
  for (const symbol of Object.getOwnPropertySymbols(globalThis)) {
    const value = scope[symbol] as InterceptorLike | undefined;
    if (value && typeof value === 'object' && value.symbol === symbol) found.push([symbol.description ?? 'interceptor', value]);
  }
  return found;
}

/**
 * The listeners of each active interceptor or network source of the realm, by name (empty: none
 * intercepts). An interceptor's listeners are compared by number (msw 2.11 leaves one more on the
 * fetch interceptor after an unhandled request, so only a rise on every interceptor means another
 * server); a source's by identity (msw 3 replaces its listener on every `listen()`).
 */
export type InterceptorCensus = ReadonlyMap<string, { listeners: readonly unknown[]; compare: 'count' | 'identity' }>;

/**
 * The realm's active msw interceptors and their `request` listeners (one per listening server in
 * msw 2; `connection` listeners where there are none, one per started msw 2.11 worker), and the `frame` listeners of msw 3's shared network sources (`sharedSources`: msw/node's
 * `defaultNetworkOptions.sources`), which a server's `listen()` replaces with its own.
 */
export function interceptorCensus(sharedSources: readonly unknown[] = []): InterceptorCensus {
  const census = new Map<string, { listeners: readonly unknown[]; compare: 'count' | 'identity' }>();
  for (const [name, interceptor] of msw2Interceptors()) {
    // msw 2.11's worker listens to the WebSocket interceptor's connections only (its HTTP goes
    // through the service worker), one listener per started worker.
    const requests = listenersOf(interceptor, 'request', false);
    const listeners = requests.length > 0 ? requests : listenersOf(interceptor, 'connection', false);
    if (listeners.length > 0) census.set(name, { listeners, compare: 'count' });
  }
  const registry = (globalThis as { __MSW_INTERCEPTORS_REGISTRY?: unknown }).__MSW_INTERCEPTORS_REGISTRY;
  if (registry instanceof Map) {
    for (const [symbol, interceptor] of registry as Map<unknown, InterceptorLike>) {
      const listeners = listenersOf(interceptor, 'request', true);
      if (listeners.length > 0) census.set(typeof symbol === 'symbol' ? (symbol.description ?? 'interceptor') : String(symbol), { listeners, compare: 'count' });
    }
  }
  sharedSources.forEach((source, index) => {
    const listeners = listenersOf(source as InterceptorLike, 'frame', false);
    if (listeners.length > 0) census.set(`network source ${index + 1}`, { listeners, compare: 'identity' });
  });
  return census;
}

/** Listeners of one interceptor or source; none when it is not applied (msw 3: not ACTIVE). */
function listenersOf(interceptor: InterceptorLike | undefined, event: string, mustBeActive: boolean): readonly unknown[] {
  if (!interceptor || typeof interceptor !== 'object') return [];
  if (mustBeActive && interceptor.readyState !== 'ACTIVE') return [];
  try {
    if (typeof interceptor.emitter?.listeners === 'function') return [...interceptor.emitter.listeners(event)];
    if (typeof interceptor.listeners === 'function') return [...interceptor.listeners(event)];
  } catch {
    // An interceptor of a shape we do not know: it does not count.
  }
  return [];
}

const handlersAdvice = 'Put your own handlers on the mock instead (mock.server.use(http.get(...)) in Node, mock.worker.use(...) in the browser; reset() drops them), ';
const adviceFor = {
  process: `msw shares one interceptor between all servers of a process, and then only one of them answers. ${handlersAdvice}or close() the other server before the mock listens.`,
  page: `msw shares one service worker and one interceptor between all workers of a page, and then only one of them answers. ${handlersAdvice}or stop() the other worker before the mock starts.`,
} as const;

/** Throws `other_msw` if an msw server is already intercepting here (called before the mock listens). */
export function refuseOtherInterceptors(where: 'process' | 'page', sharedSources: readonly unknown[] = []): void {
  const census = interceptorCensus(sharedSources);
  if (census.size === 0) return;
  throw new MockApiError(
    'other_msw',
    `another msw ${where === 'page' ? 'worker' : 'server'} is already intercepting requests in this ${where} (${describe(census)}), ` +
      `so it would take over the mock's requests silently. ${adviceFor[where]}`,
  );
}

/**
 * Remembers the realm's interceptors right after the mock started listening, and says when they
 * changed since: another server started listening (more listeners) or stopped the shared
 * interceptor (fewer, none), either of which means the mock no longer answers its requests.
 */
export class InterceptorWatch {
  readonly #baseline: InterceptorCensus;

  constructor(
    private readonly where: 'process' | 'page' = 'process',
    private readonly sharedSources: readonly unknown[] = [],
  ) {
    this.#baseline = interceptorCensus(sharedSources);
  }

  /** Throws `other_msw` with `what` (the call that noticed) if the interceptors changed. */
  check(what: string): void {
    const census = interceptorCensus(this.sharedSources);
    const change = compareCensus(census, this.#baseline);
    if (change === 'same') return;
    const now = describe(census);
    const baseline = describe(this.#baseline);
    const stopped = change === 'stopped';
    const other = this.where === 'page' ? "another msw worker's stop()" : "another msw server's close()";
    throw new MockApiError(
      'other_msw',
      stopped
        ? `${what}: the mock no longer intercepts requests: ${other} stopped the interceptor it shared with the mock ` +
            `(listeners when the mock started: ${baseline}; now: ${now}), so the app's requests reach the real network. ${adviceFor[this.where]}`
        : `${what}: another msw ${this.where === 'page' ? 'worker started in this page' : 'server started listening'} after the mock ` +
            `(listeners when the mock started: ${baseline}; now: ${now}), so it ${this.where === 'page' ? 'takes' : 'answers'} the mock's requests instead. ${adviceFor[this.where]}`,
    );
  }
}

/**
 * Whether the realm still intercepts as when the mock started: 'stopped' when none of the
 * interceptors or sources of then has a listener now, 'taken' when another server's listener came
 * in (a source's listener replaced, more listeners on every interceptor of then, or listeners on
 * an interceptor that had none).
 *
 * The last is how a plain worker started after the mock shows in the browser (measured with msw 2.15): both
 * workers share msw's one service-worker source, whose frame listener the later `start()` replaces
 * with its own (it posts nothing to the service worker: msw calls the start redundant), and its
 * `BatchInterceptor` ('interceptor-source') finds the mock's applied and adds its listeners to it
 * instead of applying its own, so that one gets listeners where it had none.
 */
function compareCensus(now: InterceptorCensus, then: InterceptorCensus): 'same' | 'stopped' | 'taken' {
  if (then.size === 0) return now.size === 0 ? 'same' : 'taken';
  if (![...then.keys()].some((name) => now.has(name))) return 'stopped';
  if ([...now.keys()].some((name) => !then.has(name))) return 'taken';
  const counted = [...then].filter(([, entry]) => entry.compare === 'count');
  for (const [name, entry] of then) {
    if (entry.compare !== 'identity') continue;
    const current = now.get(name)?.listeners ?? [];
    if (current.length !== entry.listeners.length || entry.listeners.some((listener, index) => listener !== current[index])) return 'taken';
  }
  if (counted.length > 0 && counted.every(([name, entry]) => (now.get(name)?.listeners.length ?? 0) > entry.listeners.length)) return 'taken';
  return 'same';
}

function describe(census: InterceptorCensus): string {
  if (census.size === 0) return 'none';
  return [...census]
    .map(([name, entry]) => `${name} ×${entry.listeners.length}`)
    .sort()
    .join(', ');
}
