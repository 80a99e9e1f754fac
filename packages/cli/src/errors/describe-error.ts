import { CliError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';
import { acceptedValues, flagFor } from './field-names.js';
import { describeRefusedAnswer } from './refused-answer.js';
import type { SettingSource } from '../config/setting-source.js';

/** What the user sees of a failure: one line, an optional hint, the request id, the exit code. */
export interface FailureReport {
  exitCode: ExitCode;
  message: string;
  hint: string | undefined;
  requestId: string | undefined;
}

/** What the CLI knows about the credential in use, so a 401 can say where it came from. */
export interface CredentialContext {
  kind: 'apiKey' | 'token';
  source: SettingSource;
  profileName: string;
  /** A token's expiry (read from its claims), when it has one. */
  expires: Date | undefined;
  /** The base URL the run sends to, so that a 404 or a TLS failure can say what is wrong with it. */
  baseUrl?: string | undefined;
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
  // A wait the server asked for that --timeout does not allow: its own code, to retry later.
  if (status === 429) return ExitCode.rateLimited;
  if ([400, 405, 413, 415, 422].includes(status)) return ExitCode.usage;
  return ExitCode.other;
}

/** Where a credential was found, in words and with what to change. */
function credentialOrigin(context: CredentialContext): { where: string; fix: string } {
  const what = context.kind === 'apiKey' ? 'API key' : 'token';
  if (context.source === 'environment') {
    const variable = context.kind === 'apiKey' ? 'MEDSCHED_API_KEY' : 'MEDSCHED_TOKEN';
    return { where: `the ${what} from ${variable}`, fix: `fix or unset ${variable} (it wins over the profile)` };
  }
  if (context.source === 'flag') return { where: `the ${what} given with --${context.kind === 'apiKey' ? 'api-key' : 'token'}`, fix: 'check the value you passed' };
  return { where: `the ${what} of profile "${context.profileName}"`, fix: `run \`medsched login --profile ${context.profileName}\`` };
}

/**
 * Every operation lives under `/v1`: a base URL without it reaches no route, and the server's
 * 404 reads like a wrong id. Says so, with the address to use.
 */
function missingVersionHint(baseUrl: string | undefined): string | undefined {
  const base = baseUrl?.trim().replace(/\/+$/, '');
  if (base === undefined || /\/v\d+$/.test(base)) return undefined;
  return `the base URL ${base} does not end in /v1, so no operation is found there: use ${base}/v1 (--base-url, MEDSCHED_BASE_URL or \`medsched config set base-url ${base}/v1\`)`;
}

/** TLS failures that mean the other end does not speak TLS at all (a plain-HTTP server). */
const plainHttpAnswer = /ERR_SSL_WRONG_VERSION_NUMBER|ERR_SSL_PACKET_LENGTH_TOO_LONG|wrong version number|packet length too long|EPROTO/i;

/** A cause's `code` (`ECONNREFUSED`, …) as text, or nothing when it has none that reads as one. */
function errorCode(cause: Error): string {
  const code = (cause as { code?: unknown }).code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
}

/** What to try when the server could not be reached: a plain-HTTP server asked over https, or none listening. */
function connectionHint(error: SdkErrorShape, baseUrl: string | undefined): string {
  const causes: string[] = [error.message];
  for (let cause = (error as { cause?: unknown }).cause; cause instanceof Error && causes.length < 5; cause = (cause as { cause?: unknown }).cause) causes.push(cause.message, errorCode(cause));
  const base = baseUrl ?? /could not reach (https:\/\/\S+?):? /.exec(error.message)?.[1];
  if (base?.startsWith('https://') && causes.some((text) => plainHttpAnswer.test(text))) {
    return `the server at ${base} speaks plain HTTP, not TLS (https): try ${base.replace(/^https:/, 'http:')}`;
  }
  return 'is the server running? check --base-url, MEDSCHED_BASE_URL or `medsched config get base-url`';
}

/** The list command that shows ids of the kind a 404 was about. */
function notFoundHint(path: string | undefined): string {
  if (path?.startsWith('/devices')) return "check the device id; `medsched patients list` shows each patient's devices";
  if (path?.startsWith('/calendars/bake')) return 'check --patient; `medsched patients list` shows names, e-mails and ids';
  if (path?.startsWith('/calendars')) return 'check the entry id; `medsched calendar list --patient NAME` shows ids';
  if (path?.startsWith('/users') || path?.startsWith('/organizations')) return 'check the organization id; `medsched whoami` shows your own';
  if (path?.startsWith('/medications')) return 'check the medication id; `medsched calendar list --json id,medication` shows those in use';
  if (path?.startsWith('/accounts')) return "check the account id (the identity provider's subject, e.g. auth0|…)";
  return 'check the id';
}

function forbiddenHint(detail: string): string {
  if (/^role \w+ may not/.test(detail) || /a (patient|onlyself)/.test(detail) || /may create users of role/.test(detail)) {
    return 'your role does not allow this: `medsched whoami` shows it; ask an admin of your organization';
  }
  if (/organization/.test(detail)) return 'the record belongs to another organization: check the id, or use a profile of that organization (`medsched profiles list`)';
  return '`medsched whoami` shows your role and organization';
}

/** When to retry after a 429: the server's wait in seconds and as a UTC time, and how to wait it out in one run. */
function rateLimitHint(retryAfter: number | undefined): string {
  if (retryAfter === undefined) return 'over the rate limit: try again later (the server did not say when)';
  const at = new Date(Date.now() + retryAfter * 1000).toISOString().replace(/\.\d+Z$/, 'Z');
  return `over the rate limit: the server asked to wait ${retryAfter} s; retry at ${at} or later (nothing more was sent), or allow the wait with --timeout ${Math.ceil(retryAfter) + 30}`;
}

function fieldDetails(errors: { path: string; message: string }[] | undefined): string {
  if (!errors || errors.length === 0) return '';
  return errors.map((issue) => `${flagFor(issue.path)} ${acceptedValues(issue.path, issue.message)}`).join('; ');
}

function describeHttpError(error: SdkErrorShape & { status: number }, context: CredentialContext | undefined): FailureReport {
  const code = error.problem?.code ?? `http_${error.status}`;
  const detail = error.problem?.detail ?? error.problem?.title ?? 'the server gave no details';
  const fields = fieldDetails(error.problem?.errors);
  const exitCode = exitCodeForStatus(error.status);
  let message = `${error.status} ${code}: ${fields || detail}`;
  let hint: string | undefined;
  if (error.status === 401) {
    const origin = context ? credentialOrigin(context) : undefined;
    const expired = context?.expires !== undefined && context.expires.getTime() <= Date.now();
    if (origin) message = `${error.status} ${code}: the server refused ${origin.where}${expired ? `: it expired at ${context?.expires?.toISOString()}` : ''} (${detail})`;
    hint = expired ? `get a new token, then ${origin?.fix ?? 'run `medsched login`'}` : (origin?.fix ?? 'run `medsched login`, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN');
  } else if (error.status === 403) hint = forbiddenHint(detail);
  else if (error.status === 404) hint = missingVersionHint(context?.baseUrl) ?? notFoundHint(error.path);
  else if (error.status === 429) hint = rateLimitHint(error.retryAfter);
  // Conflicts on calendar entries come from baking; elsewhere (a duplicate e-mail) the detail says it all.
  else if (error.status === 409 && error.path?.startsWith('/calendars')) hint = 'baked entries are final: `medsched unbake` the range first, then change them';
  else if (error.status === 501) hint = 'the server does not implement this operation yet';
  else if (exitCode === ExitCode.usage && fields) message = `${error.status} ${code}: ${fields}`;
  return { exitCode, message, hint, requestId: error.requestId };
}

/** Turns anything thrown into the one line a person can act on, with the exit code of its kind. */
export function describeError(error: unknown, context?: CredentialContext): FailureReport {
  if (error instanceof CliError) return { exitCode: error.exitCode, message: error.message, hint: error.hint, requestId: undefined };
  if (isSdkError(error)) {
    // Before the status: a refused redirect carries its 3xx, which is not an HTTP failure to explain.
    const refused = describeRefusedAnswer(error, context?.baseUrl);
    if (refused !== undefined) return refused;
    if (typeof error.status === 'number' && error.name !== 'ResponseValidationError') return describeHttpError(error as SdkErrorShape & { status: number }, context);
    if (error.code === 'validation_failed') {
      // Checked before sending: name the flag or argument and what it accepts, not the SDK's schema path.
      const message = error.issues && error.issues.length > 0 ? fieldDetails(error.issues) : error.message;
      return { exitCode: ExitCode.usage, message, hint: 'fix the value and run the command again (see --help)', requestId: undefined };
    }
    if (error.code === 'timeout') {
      return {
        exitCode: ExitCode.network,
        message: error.message,
        hint: 'the server accepted the connection but did not answer in time: it may be overloaded or stuck. Try again later, or allow more time with --timeout SECONDS (MEDSCHED_TIMEOUT)',
        requestId: undefined,
      };
    }
    if (error.code === 'connection_error') {
      return {
        exitCode: ExitCode.network,
        message: error.message,
        hint: connectionHint(error, context?.baseUrl),
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
