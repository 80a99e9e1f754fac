import { cleanText } from '../output/clean-text.js';
import { ExitCode } from './exit-codes.js';

/** The SDK's answers it refuses to act on (`RedirectError`, `ResponseTooLargeError`, `InvalidResponseError`), by code. */
const refusedCodes = new Set(['redirect_refused', 'response_too_large', 'invalid_response']);

/** The fields of those errors read here, structurally (no SDK import in errors/). */
interface RefusedShape {
  code: string;
  message: string;
  status?: number;
  location?: string;
  limitBytes?: number;
  contentType?: string;
  method?: string;
  path?: string;
  requestId?: string;
}

/** True for an answer the SDK refused: never read as a status to recover from, never a default. */
export function isRefusedAnswer(error: unknown): boolean {
  return error instanceof Error && refusedCodes.has(String((error as { code?: unknown }).code));
}

/** Server text in a message: control and bidi characters out, and short. */
function shown(text: string | undefined, fallback: string): string {
  if (text === undefined || text === '') return fallback;
  const plain = cleanText(text);
  return plain.length > 100 ? `${plain.slice(0, 100)}…` : plain;
}

/** Where a redirect pointed, as its origin when it parses (the rest may hold anything). */
function destination(location: string | undefined, baseUrl: string | undefined): string {
  if (location === undefined) return 'an address it did not give';
  try {
    return new URL(location, baseUrl).origin;
  } catch {
    return shown(location, 'an address that does not parse');
  }
}

/**
 * What the user reads for an answer the SDK refused (exit 14): what happened, that nothing was
 * sent on or saved, and what to check. Undefined for any other error.
 */
export function describeRefusedAnswer(error: unknown, baseUrl: string | undefined): { exitCode: ExitCode; message: string; hint: string; requestId: string | undefined } | undefined {
  if (!isRefusedAnswer(error)) return undefined;
  const refused = error as RefusedShape;
  const request = `${refused.method ?? 'the request'} ${shown(refused.path, '')}`.trim();
  const server = baseUrl ?? 'the server';
  if (refused.code === 'redirect_refused') {
    return {
      exitCode: ExitCode.refusedAnswer,
      message: `${server} answered ${request} with a redirect (HTTP ${refused.status ?? '3xx'}) to ${destination(refused.location, baseUrl)}: not followed, so no credential was sent there`,
      hint: 'if the service moved, give its new address with --base-url (or `medsched config set base-url URL`); a redirect to another host can be an attempt to catch your key',
      requestId: refused.requestId,
    };
  }
  if (refused.code === 'response_too_large') {
    const limit = refused.limitBytes === undefined ? 'the size limit' : `${Math.round(refused.limitBytes / 1_048_576)} MiB`;
    return {
      exitCode: ExitCode.refusedAnswer,
      message: `${server} answered ${request} with more than ${limit}; reading stopped there and nothing was used`,
      hint: 'no medsched answer is that large: check --base-url, or narrow the request (--limit)',
      requestId: refused.requestId,
    };
  }
  return {
    exitCode: ExitCode.refusedAnswer,
    message: `${server} answered ${request} with HTTP ${refused.status ?? '2xx'} and ${shown(refused.contentType, 'no content type')}, not JSON: nothing was used`,
    hint: 'is --base-url the medsched API (it ends in /v1)? A proxy or Wi-Fi sign-in page answers like this',
    requestId: refused.requestId,
  };
}
