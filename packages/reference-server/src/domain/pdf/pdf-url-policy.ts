/**
 * Which page addresses may be rendered to PDF: only absolute URLs whose scheme, host and
 * port equal those of the configured app_url or web_url. The check is made on the raw text
 * as well as on the parsed URL, because URL parsers repair input (backslashes, missing
 * slashes, encoded or numeric hosts) and a repaired address may name another host than the
 * one a person reads.
 */

export type PdfUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

const maxLength = 2048;
// Scheme, "://", then an authority of plain host characters and an optional port.
const rawShape = /^(https?):\/\/([a-z0-9.-]+(?::\d{1,5})?)(?=[/?#]|$)/i;

/** The origin (scheme, host, port) that an allowed base URL stands for. */
export function allowedOrigin(base: string): string {
  return new URL(base).origin;
}

/** Checks `urlPath` against the allowed origins (from `allowedOrigin`). */
export function checkPdfUrl(urlPath: string, origins: readonly string[]): PdfUrlCheck {
  if (urlPath.length > maxLength) return { ok: false, reason: `urlPath is longer than ${maxLength} characters` };
  // Control characters, spaces and backslashes are repaired by parsers into something else.
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(urlPath)) return { ok: false, reason: 'urlPath contains spaces, control characters or backslashes' };
  const shape = rawShape.exec(urlPath);
  if (!shape) return { ok: false, reason: 'urlPath must be an absolute http(s) URL with a plain host name (no user info, no encoded characters)' };
  let url: URL;
  try {
    url = new URL(urlPath);
  } catch {
    return { ok: false, reason: 'urlPath is not a valid URL' };
  }
  if (url.username || url.password) return { ok: false, reason: 'urlPath must not carry user info' };
  // The parsed host must be the very text that was written: no IP re-encodings, no IDN tricks.
  const writtenAuthority = (shape[2] ?? '').toLowerCase();
  if (writtenAuthority !== url.host && writtenAuthority !== `${url.hostname}:${defaultPort(url.protocol)}`) {
    return { ok: false, reason: 'urlPath host is written in a form that changes when parsed' };
  }
  if (!origins.includes(url.origin)) {
    return { ok: false, reason: `urlPath must be on ${origins.join(' or ')}` };
  }
  return { ok: true, url };
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}
