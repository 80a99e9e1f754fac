import type { CallResult } from './transport.js';

/**
 * What every SDK method returns: a Promise of the data, plus `.withResponse()` for the status,
 * headers and request id of the answer, as openai-node and stripe-node offer.
 * @example
 * const { data: entry, headers, requestId } = await client.calendars.create(body).withResponse();
 * headers.get('idempotent-replayed'); // 'true' when the server replayed an earlier answer
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #result: Promise<CallResult<T>>;

  constructor(result: Promise<CallResult<T>>) {
    let settle: { resolve: (value: T) => void; reject: (reason: unknown) => void } | undefined;
    super((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.#result = result;
    result.then((answer) => settle?.resolve(answer.data), (error: unknown) => settle?.reject(error));
    // A caller who only uses withResponse() handles the failure there; this promise must not
    // then report it a second time as unhandled.
    super.then(undefined, () => {});
  }

  /** `then`, `catch` and `finally` return plain Promises, not ApiPromises. */
  static override get [Symbol.species]() {
    return Promise;
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
