/** How long the base URL check waits: a person is waiting at the prompt. */
const checkTimeoutMs = 5_000;

/**
 * Checks that a base URL is a medsched API before any credential is asked for: an
 * unauthenticated `GET {base}/calendars/?limit=1` must answer 401 with a problem document
 * (authentication is checked before anything else, api-decisions.md). Returns undefined when
 * it is, else a sentence saying what is wrong and what to try (a missing `/v1`, nothing
 * listening, another service).
 */
export async function checkBaseUrl(baseUrl: string): Promise<string | undefined> {
  const base = baseUrl.trim().replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(base)) return 'an http(s) address, e.g. http://127.0.0.1:4010/v1';
  let response: Response;
  try {
    // Not followed: the 401 must come from this address, not from wherever a redirect points.
    response = await fetch(`${base}/calendars/?limit=1`, { headers: { accept: 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(checkTimeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return `cannot reach ${base} (${cause}): is the server running, and is the address right?`;
  }
  const type = response.headers.get('content-type') ?? '';
  await response.body?.cancel();
  if (response.status >= 300 && response.status < 400) {
    let where = 'an address it did not give';
    try {
      where = new URL(response.headers.get('location') ?? '', base).origin;
    } catch {
      where = 'an address that does not parse';
    }
    return `${base} answered with a redirect (HTTP ${response.status}) to ${where}, not a medsched API's 401: no credential was sent; give the API's own address`;
  }
  if (response.status === 401 && type.includes('json')) return undefined;
  if (!base.endsWith('/v1')) return `no medsched API at ${base} (HTTP ${response.status}): the base URL ends in /v1, e.g. ${base}/v1`;
  return `${base} answered HTTP ${response.status}, not a medsched API's 401: check the address`;
}
