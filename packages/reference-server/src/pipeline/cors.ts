import { ProblemError } from '../domain/operation/problems.js';
import type { ApiRequest, ApiResponse } from './messages.js';

/**
 * Cross-origin requests (CORS), the first step of the chain after the request id: a browser page
 * on another origin (a dev server on http://localhost:5173) may call the server when its origin
 * is allowed. Preflights are answered before authentication, because browsers send them without
 * the credential. Credentials travel in headers (`x-api-key`, `authorization`), never in cookies,
 * so `Access-Control-Allow-Credentials` is never sent.
 */

/**
 * Origins allowed by default: any port on the loopback host names, so that dev servers work while
 * a web site on the internet cannot drive a developer's sandbox with the public demo keys.
 */
export const defaultCorsOrigins: readonly string[] = ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'];

/** The request headers the API reads. */
export const corsAllowedHeaders = ['x-api-key', 'authorization', 'content-type', 'x-request-id', 'idempotency-key'] as const;
/** The answer headers clients read. */
export const corsExposedHeaders = [
  'x-request-id',
  'x-total-count',
  'link',
  'retry-after',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'ratelimit-policy',
  'ratelimit',
  'www-authenticate',
  'allow',
  'location',
  // Set on an answer replayed for a repeated Idempotency-Key (pipeline/idempotency.ts).
  'idempotent-replayed',
] as const;
export const corsAllowedMethods = ['GET', 'POST', 'PATCH', 'DELETE', 'HEAD'] as const;
/** How long a browser may keep a preflight's answer. */
const preflightMaxAgeSeconds = 600;

/** One allowed origin: exact, any port of a scheme and host (`http://localhost:*`), or any (`*`). */
type OriginRule = { kind: 'any' } | { kind: 'exact'; origin: string } | { kind: 'any-port'; prefix: string };

export type CorsOriginsParse = { ok: true; origins: readonly string[] } | { ok: false; reason: string };

const maxOrigins = 64;
// scheme://host[:port|:*], the host a DNS name, an IPv4 address or a bracketed IPv6 address.
const ruleShape = /^(https?):\/\/([a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}|\*))?$/;
// What a browser sends: scheme://host[:port], lower case, no path.
const originShape = /^(https?):\/\/([a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/;

/**
 * Reads a comma-separated origin list as given to `--cors-origins`: `*` (any origin), `none`
 * (no cross-origin access), or origins such as `https://app.example.com` and
 * `http://localhost:*`. Errors say which entry is wrong and what would be right.
 */
export function parseCorsOrigins(text: string): CorsOriginsParse {
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/\/$/, ''))
    .filter((entry) => entry !== '');
  if (entries.length === 0) return { ok: false, reason: 'the origin list is empty; use none to allow no other origin' };
  if (entries.length > maxOrigins) return { ok: false, reason: `at most ${maxOrigins} origins, not ${entries.length}` };
  if (entries.length === 1 && entries[0] === 'none') return { ok: true, origins: [] };
  for (const entry of entries) {
    if (entry === '*') continue;
    const shape = ruleShape.exec(entry);
    if (!shape || (shape[3] !== undefined && shape[3] !== '*' && Number(shape[3]) > 65_535)) {
      return { ok: false, reason: `${entry} is not an origin; write scheme://host[:port], e.g. https://app.example.com or http://localhost:*` };
    }
  }
  return { ok: true, origins: entries };
}

function toRule(origin: string): OriginRule {
  if (origin === '*') return { kind: 'any' };
  if (origin.endsWith(':*')) return { kind: 'any-port', prefix: origin.slice(0, -1) };
  return { kind: 'exact', origin };
}

export interface CorsOptions {
  /** Allowed origins as `parseCorsOrigins` reads them; default `defaultCorsOrigins`. `[]`: none. */
  origins?: readonly string[];
}

/** Decides which origins may call the server, answers preflights and adds CORS headers to answers. */
export class CorsPolicy {
  readonly origins: readonly string[];
  readonly #rules: OriginRule[];
  readonly #exposed = corsExposedHeaders.join(', ');

  constructor(options: CorsOptions = {}) {
    this.origins = options.origins ?? defaultCorsOrigins;
    this.#rules = this.origins.map(toRule);
  }

  /** Whether a page on `origin` (the `Origin` header's value) may read this server's answers. */
  allows(origin: string): boolean {
    if (this.#rules.some((rule) => rule.kind === 'any')) return true;
    const shape = originShape.exec(origin);
    if (!shape) return false;
    const port = shape[3];
    // A browser never sends port 0, nor one past 65535, nor a leading zero: such a header is forged.
    if (port !== undefined && (port === '0' || Number(port) > 65_535 || (port.length > 1 && port.startsWith('0')))) return false;
    return this.#rules.some((rule) =>
      rule.kind === 'exact' ? rule.origin === origin : rule.kind === 'any-port' && (origin === rule.prefix.slice(0, -1) || (origin.startsWith(rule.prefix) && port !== undefined)),
    );
  }

  /**
   * The answer to a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`),
   * or undefined for every other request. No credential is asked for: browsers send none.
   */
  preflight(request: ApiRequest, requestId: string): ApiResponse | undefined {
    if (request.method !== 'OPTIONS') return undefined;
    const origin = request.header('origin');
    if (origin === undefined || request.header('access-control-request-method') === undefined) return undefined;
    if (!this.allows(origin)) {
      throw new ProblemError('forbidden', `origin ${origin.slice(0, 200)} may not call this server; allow it with --cors-origins (MEDSCHED_CORS_ORIGINS)`);
    }
    return {
      status: 204,
      headers: {
        'access-control-allow-origin': this.#allowOriginValue(origin),
        'access-control-allow-methods': corsAllowedMethods.join(', '),
        'access-control-allow-headers': corsAllowedHeaders.join(', '),
        'access-control-max-age': String(preflightMaxAgeSeconds),
        vary: 'origin, access-control-request-method, access-control-request-headers',
        'x-request-id': requestId,
      },
      body: undefined,
    };
  }

  /** Adds the CORS headers to an answer for a request that came with an allowed `Origin`. */
  decorate(request: ApiRequest, answer: ApiResponse): ApiResponse {
    const origin = request.header('origin');
    // Caches must not hand an answer made for one origin to another.
    answer.headers.vary = answer.headers.vary ? `${answer.headers.vary}, origin` : 'origin';
    if (origin === undefined || !this.allows(origin)) return answer;
    answer.headers['access-control-allow-origin'] = this.#allowOriginValue(origin);
    answer.headers['access-control-expose-headers'] = this.#exposed;
    return answer;
  }

  #allowOriginValue(origin: string): string {
    return this.#rules.some((rule) => rule.kind === 'any') ? '*' : origin;
  }
}
