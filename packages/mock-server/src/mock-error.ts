/** What went wrong, for code that tells the mock's errors apart (`error.code`). */
export type MockApiErrorCode = 'unknown_option' | 'invalid_option' | 'already_listening' | 'other_msw' | 'not_started' | 'reset_in_progress' | 'reset_failed' | 'no_match' | 'invalid_seed';

/** An error of the mock server's own (not an answer of the API): a code and what to do about it. */
export class MockApiError extends Error {
  override readonly name = 'MockApiError';

  constructor(
    readonly code: MockApiErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
