import type { CallResult } from './transport.js';

/**
 * What every SDK method returns: a Promise of the data, plus `.withResponse()` for the status,
 * headers and request id of the answer, as openai-node and stripe-node offer.
 *
 * The request is sent at once, as `fetch` sends it. A failing call that nobody awaits (a
 * forgotten `await`) surfaces as an unhandled rejection carrying the SDK's error, whether the
 * data or `.withResponse()` was asked for; lint with `@typescript-eslint/no-floating-promises`.
 * @example
 * const { data: entry, headers, requestId } = await client.calendars.create(body).withResponse();
 * headers.get('idempotent-replayed'); // 'true' when the server replayed an earlier answer
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #result: Promise<CallResult<T>>;

  constructor(result: Promise<CallResult<T>>) {
    // This promise itself never settles: `then` reads the call's result. So the call's one
    // rejection is reported unhandled exactly when no one asked for the data nor the response.
    super(() => {});
    this.#result = result;
  }

  /** `then`, `catch` and `finally` return plain Promises, not ApiPromises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  // oxlint-disable-next-line unicorn/no-thenable -- APIPromise is a Promise subclass: being awaited is its job
  override then<A = T, B = never>(onfulfilled?: ((value: T) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    // One promise per `then` (an `await` is one), not a promise of the data and then another.
    return this.#result.then(onfulfilled ? (answer) => onfulfilled(answer.data) : (answer) => answer.data as unknown as A, onrejected);
  }

  /** The data with the answer's HTTP status, headers and request id. */
  withResponse(): Promise<CallResult<T>> {
    return this.#result;
  }
}

/** Maps the data of a call result, keeping what came with it. */
export async function mapResult<A, B>(result: Promise<CallResult<A>>, map: (data: A, result: CallResult<A>) => B): Promise<CallResult<B>> {
  const answer = await result;
  return { ...answer, data: map(answer.data, answer) };
}
