import type { RequestHandler } from 'msw';
import type { LifeCycleEvents } from './in-flight.js';

/** Where scenario handlers go: msw's `server.use` / `worker.use` (scoped inside a boundary). */
export interface HandlerHost {
  use(...handlers: RequestHandler[]): void;
  /** Drops the handlers added since start (scenarios, the app's `use`) and keeps the mock's own. */
  resetHandlers(): void;
  /** The handlers in effect where a request runs (inside an msw boundary: the boundary's). */
  listHandlers(): ReadonlyArray<unknown>;
  /** msw's life-cycle events: the journal sees each request as it arrives and as it is answered. */
  readonly events: LifeCycleEvents;
}
