import type { RequestListener, Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectionOptions {
  /** Growth of the resident memory since the last collection (or the start) that makes one worth it. Default 64 MiB. */
  afterGrowthBytes?: number;
  /** How often the server is looked at; a look with no request since the last one counts as idle. Default 1,000 ms. */
  idleMs?: number;
  /** Runs `look` every `ms` and returns what stops it; default an unref'd `setInterval` (tests pass their own, to look when they say). */
  every?: (look: () => void, ms: number) => () => void;
}

function everyInterval(look: () => void, ms: number): () => void {
  const timer = setInterval(look, ms).unref();
  return () => clearInterval(timer);
}

/** After the first collection, a second one (if the server is still idle): V8 then shrinks its young generation as well. */
const secondCollectionMs = 5_000;

/** V8's full collection: `globalThis.gc` under `--expose-gc`, else the same function taken from a fresh context. */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  // Only contexts made after the flag get `gc`; the application's own global stays as it was (Jest's --logHeapUsage does the same).
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Wraps the server's request listener: after a burst that grew the process (a flood of 1 MiB
 * writes), once a whole `idleMs` passed without a request, asks V8 for a full collection.
 * Bodies live in the JavaScript heap (read as text, answers kept as strings, see
 * http-binding.ts and text-packer.ts); their garbage goes back to the system only when V8
 * collects its old generation, and an idle server left it to V8's memory reducer, which waited
 * 8 to 20 s and more after the last request. Nothing is collected while requests keep coming,
 * nor after traffic that did not grow the process.
 *
 * A request costs one counter here (a read by id is a few microseconds all told: no listener or
 * closure per request); the rest is a look once per `idleMs` on an unref'd timer, stopped when
 * the server closes.
 */
export function collectWhenIdle(server: Server, listener: RequestListener, options: IdleCollectionOptions = {}): RequestListener {
  const afterGrowthBytes = options.afterGrowthBytes ?? 64 * 1024 * 1024;
  let requests = 0;
  let requestsAtLastLook = 0;
  let baseline = process.memoryUsage.rss();
  let collect: (() => void) | undefined;
  let second: NodeJS.Timeout | undefined;
  const stopLooking = (options.every ?? everyInterval)(() => {
    const idle = requests === requestsAtLastLook;
    requestsAtLastLook = requests;
    if (!idle) {
      clearTimeout(second);
      return;
    }
    if (process.memoryUsage.rss() - baseline < afterGrowthBytes) return;
    collect ??= fullCollection();
    collect();
    baseline = process.memoryUsage.rss();
    // Once V8 also sees a low allocation rate it shrinks its young generation too.
    const before = requests;
    second = setTimeout(() => {
      if (requests !== before) return;
      collect?.();
      baseline = process.memoryUsage.rss();
    }, secondCollectionMs).unref();
  }, options.idleMs ?? 1_000);
  server.once('close', () => {
    stopLooking();
    clearTimeout(second);
  });
  return (request, response) => {
    requests++;
    listener(request, response);
  };
}
