/**
 * The call an attempt belongs to, for ky's `shouldRetry` and `jitter`, which ky hands only the
 * error or its retry options (see transport.ts).
 */
import { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import type { CallState } from './call-state.js';

/**
 * The call of each failed attempt: ky hands `shouldRetry` only the error. Its HTTPError carries
 * the answer our fetch returned, and the SDK's own errors are made by that fetch; both are
 * entered only on failure (a WeakMap entry for every answer cost a measurable share of a call).
 */
export const failedAttempts = new WeakMap<object, CallState>();

/**
 * The call of each attempt under way, by its request: ky's TimeoutError carries the request it
 * gave our fetch, and is thrown while that fetch is still pending. An entry lives from its
 * attempt's start until the next attempt of its call, or the call's end.
 */
export const attemptsUnderWay = new Map<Request, CallState>();

/**
 * The jitter drawn for a retry, by ky's retry options of that call: ky calls `shouldRetry` and then
 * `jitter` as methods of one options object per call, so `this` links the two. Without it (another
 * ky), no jitter is drawn, and the wait logged is still the one ky waits.
 */
export const drawnJitter = new WeakMap<object, number>();

/** The attempt's call, from what ky hands `shouldRetry`. */
export function callOf(error: unknown): CallState | undefined {
  if (error instanceof HTTPError) return failedAttempts.get(error.response);
  if (error instanceof KyTimeoutError) return attemptsUnderWay.get(error.request);
  return typeof error === 'object' && error !== null ? failedAttempts.get(error) : undefined;
}
