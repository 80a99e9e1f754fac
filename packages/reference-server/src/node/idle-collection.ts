import type { Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollectionOptions {
  /** Bytes read and written (bodies included) since the last collection that make one worth it. Default 64 MiB. */
  afterBytes?: number;
  /** How long no request may be running before the first collection, in milliseconds. Default 1,000. */
  idleMs?: number;
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
 * After a burst of traffic (large bodies: a flood of 1 MiB writes), once no request has run
 * for `idleMs`, asks V8 for a full collection. Bodies live in the JavaScript heap (read as text,
 * answers kept as strings, see http-binding.ts and text-packer.ts); their garbage goes back to
 * the system only when V8 collects its old generation, and an idle server left it to V8's memory
 * reducer, which waited 8 to 20 s and more after the last request. Nothing is collected while
 * requests run, nor after light traffic.
 */
export function collectWhenIdle(server: Server, options: IdleCollectionOptions = {}): void {
  const afterBytes = options.afterBytes ?? 64 * 1024 * 1024;
  const idleMs = options.idleMs ?? 1_000;
  let collect: (() => void) | undefined;
  let running = 0;
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  server.on('request', (request, response) => {
    running++;
    clearTimeout(timer);
    // The socket's counters: nothing is read from the request's stream here (the pipeline reads it).
    const socket = request.socket;
    const [read, written] = [socket.bytesRead, socket.bytesWritten];
    response.once('close', () => {
      bytes += socket.bytesRead - read + socket.bytesWritten - written;
      if (--running > 0 || bytes < afterBytes) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        bytes = 0;
        collect ??= fullCollection();
        collect();
        // Once V8 also sees a low allocation rate it shrinks its young generation too.
        timer = setTimeout(() => collect?.(), secondCollectionMs).unref();
      }, idleMs).unref();
    });
  });
}
