import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isIP } from 'node:net';

/**
 * Which `Host` headers a server answers, as Vite's `server.allowedHosts` and webpack-dev-server's
 * `allowedHosts` do: a web page whose name an attacker re-points at 127.0.0.1 (DNS rebinding)
 * sends its own name as `Host`, and CORS does not stop it (the page and the request share that
 * origin). IP literals are always accepted (a page cannot rebind an address), so are `localhost`
 * and `*.localhost` (RFC 6761: always loopback), and the names given.
 */
export interface AllowedHosts {
  /** Every `Host` accepted (`--allowed-hosts all`): the check is off. */
  readonly any: boolean;
  /** Host names, lower case: `api.example.com` exactly, `.example.com` that name and every name under it. */
  readonly names: readonly string[];
}

/** A host name or `.suffix`: letters, digits, hyphens, underscores and dots (no port, no scheme). */
const namePattern = /^\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/;

/**
 * `a.example,.b.example` (or `all`), as `--allowed-hosts` takes it: the names besides the
 * defaults. A port, a scheme or a path is a mistake said at once, not a name that silently
 * never matches.
 */
export function parseAllowedHosts(value: string): { ok: true; allowed: AllowedHosts } | { ok: false; reason: string } {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'all' || trimmed === '*') return { ok: true, allowed: { any: true, names: [] } };
  const names = trimmed
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  for (const name of names) {
    if (name.length > 253 || !namePattern.test(name)) {
      return { ok: false, reason: `takes host names separated by commas (api.example.com; .example.com for it and every name under it) or all, not ${JSON.stringify(name.slice(0, 100))}` };
    }
  }
  return { ok: true, allowed: { any: false, names } };
}

/** The host name of an http(s) URL or of a listen address, when it is a name (an address needs no entry). */
function nameOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let host = value;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    try {
      host = new URL(value).hostname;
    } catch {
      return undefined;
    }
  }
  host = host.toLowerCase();
  return isIP(host.replace(/^\[|\]$/g, '')) === 0 && namePattern.test(host) ? host : undefined;
}

/**
 * The hosts a server answers: the defaults (IP literals, localhost), the names it was configured
 * with (its listen host, public URL and the like: whoever set them expects to be reached there),
 * and the extra ones asked for.
 */
export function allowedHostsFor(configured: ReadonlyArray<string | undefined>, extra: AllowedHosts | undefined): AllowedHosts {
  if (extra?.any) return extra;
  const names = new Set<string>(extra?.names ?? []);
  for (const value of configured) {
    const name = nameOf(value);
    if (name !== undefined) names.add(name);
  }
  return { any: false, names: [...names] };
}

/** The host name of a `Host` header (`name[:port]`, `[v6]:port`), lower case; undefined when malformed. */
function hostnameOf(header: string): string | undefined {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end === -1 || !/^(:\d{1,5})?$/.test(host.slice(end + 1))) return undefined;
    return host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  const name = colon === -1 ? host : host.slice(0, colon);
  if (colon !== -1 && !/^\d{1,5}$/.test(host.slice(colon + 1))) return undefined;
  return name;
}

/** Whether `header` (the request's `Host`) names this server. A missing or malformed one does not. */
export function isHostAllowed(allowed: AllowedHosts, header: string | undefined): boolean {
  if (allowed.any) return true;
  if (header === undefined) return false;
  const hostname = hostnameOf(header);
  if (hostname === undefined || hostname === '') return false;
  // An address cannot be re-pointed by DNS: a page at http://10.0.0.5 is that server itself.
  if (hostname.startsWith('[')) return isIP(hostname.slice(1, -1)) === 6;
  if (isIP(hostname) === 4) return true;
  // The trailing dot of a fully qualified name is the same name.
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  for (const entry of allowed.names) {
    const plain = entry.endsWith('.') ? entry.slice(0, -1) : entry;
    if (plain.startsWith('.') ? name === plain.slice(1) || name.endsWith(plain) : name === plain) return true;
  }
  return false;
}

/** The refusal: 421 Misdirected Request with a problem document saying how to allow the name. */
export function hostRefusal(header: string | undefined, flag: string): { status: number; headers: Record<string, string>; body: string } {
  // The name is shown as JSON (quoted, escaped), at most 100 characters: it is the client's text.
  const shown = header === undefined ? 'no Host header' : `Host ${JSON.stringify(header.slice(0, 100))}`;
  const requestId = randomUUID();
  const body = JSON.stringify({
    type: 'https://docs.medsched.dev/errors/host_not_allowed',
    title: 'Host not allowed',
    status: 421,
    code: 'host_not_allowed',
    detail: `this server does not answer for ${shown}: it answers for localhost, IP addresses and the names it was configured with; to allow another name, start it with ${flag} <name> (.example.com allows every name under example.com)`,
    requestId,
  });
  return { status: 421, headers: { 'content-type': 'application/problem+json', 'x-request-id': requestId, 'cache-control': 'no-store' }, body };
}

/**
 * Wraps a request listener: a request whose `Host` is not allowed is answered 421 before any
 * route (home page included) sees it. `drainThen` lets the binding read what is left of the
 * body first, so that the client reads the answer instead of a reset connection.
 */
export function checkHost(allowed: AllowedHosts, flag: string, listener: RequestListener, drainThen: (request: IncomingMessage, then: () => void) => void): RequestListener {
  if (allowed.any) return listener;
  return (request: IncomingMessage, response: ServerResponse) => {
    if (isHostAllowed(allowed, request.headers.host)) return listener(request, response);
    const refusal = hostRefusal(request.headers.host, flag);
    drainThen(request, () => {
      if (response.headersSent || response.destroyed) return;
      response.writeHead(refusal.status, { ...refusal.headers, 'content-length': String(Buffer.byteLength(refusal.body)) }).end(refusal.body);
    });
  };
}
