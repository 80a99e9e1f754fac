import { CliError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { cleanText } from '../../output/clean-text.js';

/**
 * The largest plan PDF the CLI accepts: a 31-day plan of a resident with many medications is a
 * few hundred KB (Noto Sans embedded); past 20 MiB it is not a plan, and reading on would fill
 * memory or the disk with whatever the server sends.
 */
export const maxPlanPdfBytes = 20 * 1_048_576;

/**
 * Where a signed link may point: the contract signs links on the server itself
 * (`{origin}/files/pdf?…`, the server's public URL), so the API's own origin, over http(s),
 * without user info. A link elsewhere (another host, a `data:` or `file:` URL) is refused before
 * anything is fetched: the CLI would otherwise fetch, and save as a plan, whatever a server names.
 */
export function checkSignedLink(signed: string, apiBaseUrl: string): URL {
  const allowed = new URL(apiBaseUrl).origin;
  let link: URL | undefined;
  try {
    link = new URL(signed);
  } catch {
    link = undefined;
  }
  const shown = cleanText(signed.length > 120 ? `${signed.slice(0, 120)}…` : signed);
  if (link === undefined || !['http:', 'https:'].includes(link.protocol) || link.origin !== allowed || link.username !== '' || link.password !== '') {
    throw new CliError(
      `the server gave a PDF link outside its own origin ${allowed} (${shown}): not fetched`,
      ExitCode.refusedAnswer,
      sameLoopbackServer(link, new URL(apiBaseUrl))
        ? `the server names itself ${link?.origin} (its public URL): if that is the one you mean, use --base-url ${link?.origin}/v1`
        : 'signed links are served by the API server itself: check --base-url (`medsched pdf sign URL` prints what the server answers)',
    );
  }
  return link;
}

/** `localhost` and `127.0.0.1` on the same port: most likely one local server under two names, worth suggesting. */
function sameLoopbackServer(link: URL | undefined, api: URL): boolean {
  const loopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  return link !== undefined && link.protocol === api.protocol && link.port === api.port && loopback(link.hostname) && loopback(api.hostname);
}

/** A plan's label in messages ("the plan of Clara Claus"). */
type Label = string;

/** The body, read chunk by chunk and stopped as soon as it passes the limit. */
async function readBounded(response: Response, label: Label, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw tooLarge(label, limit);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (reader === undefined) return new Uint8Array();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge(label, limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(label: Label, limit: number): CliError {
  return new CliError(
    `${label}: the signed link sent more than ${limit / 1_048_576} MiB, more than any plan; stopped reading, nothing saved`,
    ExitCode.refusedAnswer,
    'check the server (--base-url): a plan PDF is a few hundred KB',
  );
}

/**
 * The PDF behind a signed link, whole, or an error naming what was wrong: the link outside the
 * API's origin, a redirect (not followed), an HTTP error, a content type other than
 * `application/pdf`, a body over `maxPlanPdfBytes`, or bytes that do not start with `%PDF-`.
 * The link is the credential, so no API key goes with it.
 */
export async function fetchPlanPdf(signed: string, apiBaseUrl: string, label: Label, limit = maxPlanPdfBytes): Promise<Uint8Array> {
  const link = checkSignedLink(signed, apiBaseUrl);
  const response = await fetch(link, { redirect: 'manual' });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    const location = cleanText(response.headers.get('location') ?? 'nowhere');
    throw new CliError(
      `${label}: the signed link redirected (HTTP ${response.status} to ${location}); redirects are not followed, nothing saved`,
      ExitCode.refusedAnswer,
      'signed links answer the PDF itself; check --base-url',
    );
  }
  const type = response.headers.get('content-type') ?? '';
  const mediaType = type.split(';')[0]?.trim().toLowerCase();
  if (!response.ok || mediaType !== 'application/pdf' || response.body === null) {
    await response.body?.cancel();
    throw new CliError(
      `${label}: the signed link answered HTTP ${response.status} (${cleanText(type) || 'no content type'}), not a PDF`,
      response.status === 403 ? ExitCode.permission : response.ok ? ExitCode.refusedAnswer : ExitCode.other,
      'try again: links expire after a few minutes',
    );
  }
  const bytes = await readBounded(response, label, limit);
  // A PDF starts with `%PDF-` (ISO 32000-1, 7.5.2): anything else labelled application/pdf is not one.
  if (!(bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46 && bytes[4] === 0x2d)) {
    throw new CliError(
      `${label}: the signed link sent ${bytes.byteLength} bytes labelled application/pdf that are not a PDF (no %PDF- header); nothing saved`,
      ExitCode.refusedAnswer,
      'check the server (--base-url)',
    );
  }
  return bytes;
}
