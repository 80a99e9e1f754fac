import type { JournalEntry } from './journal.js';
import type { MockState } from './mock-state.js';

/** A request between its arrival and its answer: the generation it arrived in, and its journal entry. */
export interface Flight {
  /** The generation the request arrived in (being made, when it arrived during a `reset()`). */
  generation: Promise<MockState>;
  entry: JournalEntry;
  /** Settles once the entry's body has been read. */
  body: Promise<void>;
}

/** The parts of msw's life-cycle events (`server.events`, `worker.events`) the mock listens to. */
export interface LifeCycleEvents {
  on(event: string, listener: (args: never) => void): void;
  removeListener(event: string, listener: (args: never) => void): void;
}

interface RequestEventArgs {
  request: Request;
  requestId: string;
}

interface ResponseEventArgs extends RequestEventArgs {
  response: Response;
}

/**
 * Tracks requests by msw's request id from the moment msw sees them (`request:start`, before any
 * handler, so a delayed request is in the journal as `pending`) until msw reports the answer
 * (`response:mocked`, which also covers answers from the app's own `server.use` handlers).
 * Each request keeps the generation it arrived in: after `reset()`, a late answer of the old
 * generation writes to the old database and to an entry that is no longer in the journal.
 */
export class InFlightRequests {
  readonly #flights = new Map<string, Flight>();
  readonly #subscriptions: [string, (args: never) => void][];

  constructor(
    private readonly events: LifeCycleEvents,
    /** Opens a flight for a request this mock should journal, or says no (undefined). */
    private readonly open: (request: Request, requestId: string) => Flight | undefined,
  ) {
    this.#subscriptions = [
      ['request:start', ({ request, requestId }: RequestEventArgs) => this.#start(request, requestId)],
      ['response:mocked', (args: ResponseEventArgs) => this.#answered(args)],
      ['response:bypass', (args: ResponseEventArgs) => this.#answered(args)],
      ['request:unhandled', ({ requestId }: RequestEventArgs) => void this.#flights.delete(requestId)],
      ['unhandledException', ({ requestId }: RequestEventArgs) => this.#failed(requestId)],
      ['request:end', ({ requestId }: RequestEventArgs) => this.#ended(requestId)],
    ];
    for (const [event, listener] of this.#subscriptions) events.on(event, listener);
  }

  /** The flight of a request, opened now if msw's `request:start` did not reach us. */
  of(request: Request, requestId: string): Flight | undefined {
    return this.#flights.get(requestId) ?? this.#start(request, requestId);
  }

  /** Whether a request of `generation` is still on its way (held by a delay, the app's handler, …). */
  has(generation: Promise<MockState>): boolean {
    for (const flight of this.#flights.values()) if (flight.generation === generation) return true;
    return false;
  }

  /** Stops listening (an isolated scope at the end of its test). */
  dispose(): void {
    for (const [event, listener] of this.#subscriptions) this.events.removeListener(event, listener);
    this.#flights.clear();
  }

  #start(request: Request, requestId: string): Flight | undefined {
    const flight = this.open(request, requestId);
    if (flight) this.#flights.set(requestId, flight);
    return flight;
  }

  #answered({ requestId, response }: ResponseEventArgs): void {
    const flight = this.#flights.get(requestId);
    if (!flight) return;
    this.#flights.delete(requestId);
    if (flight.entry.outcome === 'pending') flight.entry.outcome = response.type === 'error' ? 'network-error' : response.status;
  }

  #failed(requestId: string): void {
    const flight = this.#flights.get(requestId);
    if (!flight) return;
    this.#flights.delete(requestId);
    // msw answers a handler's exception with a 500.
    if (flight.entry.outcome === 'pending') flight.entry.outcome = 500;
  }

  /** msw ends a request before it reports the response: keep flights still waiting for theirs. */
  #ended(requestId: string): void {
    const flight = this.#flights.get(requestId);
    if (flight && flight.entry.outcome !== 'pending') this.#flights.delete(requestId);
  }
}
