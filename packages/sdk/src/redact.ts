const secretHeaders = new Set(['x-api-key', 'authorization', 'cookie', 'set-cookie']);
// Signed links carry their authority in the query string.
const secretQueryKeys = /^(signature|sig|expires|token|access_token|api_key|apikey|key|x-amz-signature)$/i;

/** Headers as a plain object with credentials replaced by `[redacted]`. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name] = secretHeaders.has(name.toLowerCase()) ? '[redacted]' : value;
  return out;
}

/** A path or URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      const key = safeDecode(name);
      if (secretQueryKeys.test(key) && rest.length > 0) return `${name}=[redacted]`;
      // A value that is itself a link (e.g. `urlPath` of GET /pdf/) may carry a signed query string.
      const value = safeDecode(rest.join('=').replace(/\+/g, ' '));
      if (!value.includes('?')) return pair;
      const redacted = redactUrl(value);
      return redacted === value ? pair : `${name}=${encodeURIComponent(redacted)}`;
    });
  return `${url.slice(0, queryStart)}?${params.join('&')}`;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
