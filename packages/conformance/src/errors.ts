/** Why a run could not start: the options, or a deployment that cannot be asked at all. */
export type ConformanceErrorCode = 'invalid_options' | 'unknown_rule' | 'unreachable' | 'redirected' | 'unauthenticated';

/**
 * A run that could not start, as a value with a code: rules never throw this (a difference is a
 * failed rule in the report). `hint` says what to do.
 */
export class ConformanceError extends Error {
  override readonly name = 'ConformanceError';
  readonly code: ConformanceErrorCode;
  readonly hint: string;

  constructor(code: ConformanceErrorCode, message: string, hint: string) {
    super(message);
    this.code = code;
    this.hint = hint;
  }
}
