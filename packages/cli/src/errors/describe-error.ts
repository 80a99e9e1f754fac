import { CliError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';

/** What the user sees of a failure: one line, an optional hint, the request id, the exit code. */
export interface FailureReport {
  exitCode: ExitCode;
  message: string;
  hint: string | undefined;
  requestId: string | undefined;
}

/** The fields of the SDK's errors that matter here, read structurally so this module needs no SDK import. */
interface SdkErrorShape {
  name: string;
  code: string;
  message: string;
  status?: number;
  requestId?: string;
  problem?: { code?: string; detail?: string; title?: string; errors?: { path: string; message: string }[] };
  issues?: { path: string; message: string }[];
  retryAfter?: number;
  path?: string;
}

function isSdkError(error: unknown): error is SdkErrorShape {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'string';
}

function exitCodeForStatus(status: number): ExitCode {
  if (status === 401) return ExitCode.auth;
  if (status === 403) return ExitCode.permission;
  if (status === 404) return ExitCode.notFound;
  if (status === 409) return ExitCode.conflict;
  if ([400, 405, 413, 415, 422].includes(status)) return ExitCode.usage;
  return ExitCode.other;
}

const hintsByExitCode: Partial<Record<ExitCode, string>> = {
  [ExitCode.auth]: 'run `medsched login`, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN',
  [ExitCode.permission]: 'check the organization of your credential with `medsched whoami`',
  [ExitCode.notFound]: 'check the id; list what exists with `medsched calendar list` or `medsched user list`',
};

function fieldDetails(errors: { path: string; message: string }[] | undefined): string {
  if (!errors || errors.length === 0) return '';
  return errors.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
}

function describeHttpError(error: SdkErrorShape & { status: number }): FailureReport {
  const code = error.problem?.code ?? `http_${error.status}`;
  const detail = error.problem?.detail ?? error.problem?.title ?? 'the server gave no details';
  const fields = fieldDetails(error.problem?.errors);
  const extra = fields && !detail.includes(fields) ? ` (${fields})` : '';
  const exitCode = exitCodeForStatus(error.status);
  let hint = hintsByExitCode[exitCode];
  if (error.status === 429) hint = `over the rate limit; try again${error.retryAfter ? ` in ${error.retryAfter} s` : ' later'}`;
  // Conflicts on calendar entries come from baking; elsewhere (a duplicate e-mail) the detail says it all.
  if (error.status === 409 && error.path?.startsWith('/calendars')) hint = 'baked entries are final: `medsched unbake` the range first, then change them';
  if (error.status === 501) hint = 'the server does not implement this operation yet';
  return { exitCode, message: `${error.status} ${code}: ${detail}${extra}`, hint, requestId: error.requestId };
}

/** Turns anything thrown into the one line a person can act on, with the exit code of its kind. */
export function describeError(error: unknown): FailureReport {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: error.message, hint: error.hint, requestId: undefined };
  if (isSdkError(error)) {
    if (typeof error.status === 'number' && error.name !== 'ResponseValidationError') return describeHttpError(error as SdkErrorShape & { status: number });
    if (error.code === 'validation_failed') {
      return { exitCode: ExitCode.usage, message: error.message, hint: 'fix the value and run the command again', requestId: undefined };
    }
    if (error.code === 'connection_error' || error.code === 'timeout') {
      return {
        exitCode: ExitCode.network,
        message: error.message,
        hint: 'is the server running? check --base-url, MEDSCHED_BASE_URL or `medsched config get base-url`',
        requestId: undefined,
      };
    }
    if (error.code === 'response_validation_failed') {
      return { exitCode: ExitCode.other, message: error.message, hint: 'the server answered outside the contract; report it with the request id', requestId: error.requestId };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: ExitCode.other, message, hint: undefined, requestId: undefined };
}
