/** The service behind the proxy: its origin and the API's base path (`/v1`, no trailing slash; `` for none). */
export interface ProxyTarget {
  origin: string;
  basePath: string;
}

/** A request the proxy does not forward, with the status and the problem's code and detail. */
export interface RefusedRequest {
  ok: false;
  status: 400 | 404;
  code: 'bad_request_target' | 'not_found';
  detail: string;
}

/** The target from `--target`: its origin and base path. */
export function proxyTargetOf(target: URL): ProxyTarget {
  return { origin: target.origin, basePath: target.pathname.replace(/\/+$/, '') };
}

const refuse = (detail: string): RefusedRequest => ({ ok: false, status: 400, code: 'bad_request_target', detail });

/** Whether a path segment is `.` or `..`, percent-encoded or not (the URL parser treats `%2e` as a dot). */
const isDotSegment = (segment: string): boolean => {
  const plain = segment.replace(/%2e/gi, '.');
  return plain === '.' || plain === '..';
};

/**
 * The upstream address for a request: the request's path and query appended to the target's
 * origin as text, never resolved as a URL against it (`new URL(path, origin)` lets `//host/…`,
 * `/\host/…` and `http://host/…` replace the target: an open forward proxy). What could make the
 * address leave the target, or the base path, is refused instead of cleaned up: absolute-form
 * and authority-form request targets (and so CONNECT), `*`, backslashes, `.`/`..` segments,
 * fragments, and anything outside visible ASCII. The result is checked once more after
 * parsing: its origin is the target's and its path lies under the base path.
 */
export function upstreamUrl(target: ProxyTarget, method: string, requestTarget: string): { ok: true; url: URL } | RefusedRequest {
  const under = `${target.basePath}/`;
  if (method.toUpperCase() === 'CONNECT') return refuse('the proxy forwards requests to its target only: CONNECT (a tunnel to another host) is refused');
  if (!requestTarget.startsWith('/')) {
    return refuse(`the proxy forwards requests to its target only: a request target must be a path under ${under} (origin form), not an absolute URL, an authority or *`);
  }
  if (/[^\x21-\x7e]/.test(requestTarget)) return refuse('the request target holds a space, a control character or a non-ASCII byte: percent-encode it');
  if (requestTarget.includes('#')) return refuse('the request target holds a fragment (#): a fragment is never sent to a server');
  const queryAt = requestTarget.indexOf('?');
  const path = queryAt === -1 ? requestTarget : requestTarget.slice(0, queryAt);
  const query = queryAt === -1 ? '' : requestTarget.slice(queryAt);
  if (path.startsWith('//')) return refuse('the path starts with // (read as another host by URL parsers): the proxy forwards paths only');
  if (/\\|%5c/i.test(path)) return refuse('the path holds a backslash (read as / by URL parsers): the proxy refuses it');
  if (path.split('/').some(isDotSegment)) return refuse('the path holds a . or .. segment (percent-encoded or not): the proxy forwards paths under its base path only');
  if (path !== target.basePath && !path.startsWith(under)) {
    return { ok: false, status: 404, code: 'not_found', detail: `the proxy forwards paths under ${under} only (its target's base path), not ${JSON.stringify(path.slice(0, 200))}` };
  }
  let url: URL;
  try {
    url = new URL(`${target.origin}${path}${query}`);
  } catch {
    return refuse('the request target is not a valid path and query');
  }
  // Unreachable after the checks above, kept so that a parser quirk can never send a request elsewhere.
  if (url.origin !== target.origin || (url.pathname !== target.basePath && !url.pathname.startsWith(under))) return refuse("the request target would leave the proxy's target: refused");
  return { ok: true, url };
}
