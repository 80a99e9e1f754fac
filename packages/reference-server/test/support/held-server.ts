import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the held server has received and not answered yet. */
export interface HeldRequest {
  url: string;
  headers: IncomingHttpHeaders;
  /** Answers it (200 `{}` by default). */
  release(status?: number, body?: string): void;
}

/**
 * A slow upstream under the test's control: every request is held until the test releases it,
 * so "how many are at the target now" is a fact, not a timing. Arrivals are events.
 */
export interface HeldServer {
  origin: string;
  /** Every request received so far, in arrival order. */
  arrived: HeldRequest[];
  /** Requests received and not yet released. */
  readonly held: HeldRequest[];
  /** Most sockets open at once so far. */
  readonly maxOpenSockets: number;
  /** Resolves once `count` requests have arrived in all. */
  arrivals(count: number): Promise<void>;
  /** Answers every request held now. */
  releaseAll(): void;
  close(): Promise<void>;
}

export async function startHeldServer(): Promise<HeldServer> {
  const events = new EventEmitter();
  const arrived: HeldRequest[] = [];
  const held = new Set<HeldRequest>();
  let open = 0;
  let maxOpen = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    const request: HeldRequest = {
      url: req.url ?? '',
      headers: req.headers,
      release: (status = 200, body = '{}') => {
        if (!held.delete(request)) return;
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      },
    };
    held.add(request);
    arrived.push(request);
    events.emit('arrival');
  });
  server.on('connection', (socket) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    socket.once('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrived,
    get held() {
      return [...held];
    },
    get maxOpenSockets() {
      return maxOpen;
    },
    async arrivals(count) {
      while (arrived.length < count) await once(events, 'arrival');
    },
    releaseAll() {
      // oxlint-disable-next-line unicorn/no-useless-spread -- release() takes the request out of held: walk a copy
      for (const request of [...held]) request.release();
    },
    close: () =>
      new Promise((resolve) => {
        // oxlint-disable-next-line unicorn/no-useless-spread -- release() takes the request out of held: walk a copy
        for (const request of [...held]) request.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
