/** How much upstream work the proxy takes on at once (`proxy --help`, README "What the proxy guarantees"). */
export interface UpstreamLimits {
  /** Requests forwarded at once, all clients together: also the most upstream connections in use at once. */
  maxInFlight: number;
  /** Requests forwarded at once for one client (its credential, or its address when it sends none). */
  maxInFlightPerClient: number;
  /** Longest wait for a turn, in milliseconds; past it the request is answered 503 and never forwarded. */
  queueTimeoutMs: number;
  /** Request body bytes read and held to forward; a larger body is 413. */
  maxBodyBytes: number;
  /** Longest wait for the target, from sending the request to the end of its answer, in milliseconds; past it 504. */
  upstreamTimeoutMs: number;
}

export const defaultUpstreamLimits: UpstreamLimits = {
  maxInFlight: 32,
  maxInFlightPerClient: 8,
  queueTimeoutMs: 10_000,
  maxBodyBytes: 16 * 1024 * 1024,
  upstreamTimeoutMs: 30_000,
};

/** Waiting requests, all clients together, as a multiple of `maxInFlight`: past it 503 at once. */
const waitingPerSlot = 4;

/** A request's turn to be forwarded, or why it gets none (the proxy answers with the status, `Retry-After: 1`). */
export type Turn = { ok: true; release(): void } | { ok: false; status: 429 | 503; code: 'rate_limited' | 'proxy_busy'; detail: string };

interface Waiter {
  grant(): void;
  refuse(turn: Turn & { ok: false }): void;
}

/**
 * Turns for upstream requests: at most `maxInFlight` at once, at most `maxInFlightPerClient` of
 * them for one client, so one client flooding the proxy (or one slow endpoint it hammers) can
 * hold a few turns but never all of them. A request over the caps waits in a bounded line, its
 * body still unread (so waiting costs a socket, not memory); a freed turn goes to the clients
 * in rotation, not first come first served, so another client's request waits for at most one
 * turn per client ahead of it. A client whose own line is full gets 429; a full line, or a wait
 * past `queueTimeoutMs`, gets 503: an answer the client can retry, never an unbounded queue.
 */
export class UpstreamGate {
  readonly #limits: UpstreamLimits;
  #inFlight = 0;
  #waitingCount = 0;
  /** Requests in flight per client; a client with none has no entry. */
  readonly #running = new Map<string, number>();
  /** Waiting requests per client, in arrival order; the map's own order is the rotation. */
  readonly #waiting = new Map<string, Waiter[]>();

  constructor(limits: UpstreamLimits) {
    this.#limits = limits;
  }

  /** Requests forwarded now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Requests waiting for a turn now. */
  get waiting(): number {
    return this.#waitingCount;
  }

  /** A turn for `client` (resolves when it may go, or with the refusal); an aborted `signal` leaves the line. */
  acquire(client: string, signal?: AbortSignal): Promise<Turn> {
    if (this.#mayRun(client) && !this.#waiting.has(client)) return Promise.resolve(this.#start(client));
    const line = this.#waiting.get(client) ?? [];
    if (line.length >= this.#limits.maxInFlightPerClient) {
      return Promise.resolve({
        ok: false,
        status: 429,
        code: 'rate_limited',
        detail: `this client (its credential, or its address without one) already has ${this.#limits.maxInFlightPerClient} requests at the target and ${line.length} waiting, the most the proxy takes; retry after the Retry-After seconds`,
      });
    }
    if (this.#waitingCount >= this.#limits.maxInFlight * waitingPerSlot) {
      return Promise.resolve({
        ok: false,
        status: 503,
        code: 'proxy_busy',
        detail: `the proxy has ${this.#inFlight} requests at its target and ${this.#waitingCount} waiting, the most it holds; retry after the Retry-After seconds`,
      });
    }
    return new Promise<Turn>((resolve) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const rest = (this.#waiting.get(client) ?? []).filter((other) => other !== waiter);
        if (rest.length > 0) this.#waiting.set(client, rest);
        else this.#waiting.delete(client);
        this.#waitingCount--;
      };
      const waiter: Waiter = {
        grant: () => {
          leave();
          resolve(this.#start(client));
        },
        refuse: (turn) => {
          leave();
          resolve(turn);
        },
      };
      const onAbort = () => waiter.refuse({ ok: false, status: 503, code: 'proxy_busy', detail: 'the client left before its turn' });
      const timer = setTimeout(
        () =>
          waiter.refuse({
            ok: false,
            status: 503,
            code: 'proxy_busy',
            detail: `the request waited ${this.#limits.queueTimeoutMs / 1000} s for a turn (the target is slow or busy: ${this.#inFlight} requests in flight); it was not forwarded, retry after the Retry-After seconds`,
          }),
        this.#limits.queueTimeoutMs,
      );
      line.push(waiter);
      this.#waiting.set(client, line);
      this.#waitingCount++;
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  #mayRun(client: string): boolean {
    return this.#inFlight < this.#limits.maxInFlight && (this.#running.get(client) ?? 0) < this.#limits.maxInFlightPerClient;
  }

  #start(client: string): Turn {
    this.#inFlight++;
    this.#running.set(client, (this.#running.get(client) ?? 0) + 1);
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        this.#inFlight--;
        const left = (this.#running.get(client) ?? 1) - 1;
        if (left > 0) this.#running.set(client, left);
        else this.#running.delete(client);
        this.#next();
      },
    };
  }

  /** Gives freed turns to waiting clients in rotation: the one served goes to the end of the map. */
  #next(): void {
    for (;;) {
      if (this.#inFlight >= this.#limits.maxInFlight) return;
      const client = [...this.#waiting.keys()].find((name) => this.#mayRun(name));
      if (client === undefined) return;
      const line = this.#waiting.get(client)!;
      const waiter = line[0]!;
      // Re-inserted behind the others: the next freed turn goes to another client first.
      this.#waiting.delete(client);
      this.#waiting.set(client, line);
      waiter.grant();
    }
  }
}
