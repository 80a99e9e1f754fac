/**
 * components.headers: the answer headers the reference server sends, named as sent, each with a
 * schema as tight as what the server writes (the drift test in packages/reference-server checks
 * real answers against them). Which answer carries which header is decided here too.
 */

/** Integer headers are decimal digits written from a JavaScript number: never past 2^53 - 1. */
const MAX_SAFE_INTEGER = Number.MAX_SAFE_INTEGER;
const seconds = (minimum) => ({ type: 'integer', format: 'int64', minimum, maximum: MAX_SAFE_INTEGER });
const methodName = '(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS)';

/**
 * What the server exposes to browser pages (`pipeline/cors.ts`, `corsExposedHeaders`), in its
 * order: `Access-Control-Expose-Headers` is always exactly this list.
 */
const exposedHeaders =
  'x-request-id, x-total-count, link, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy, ratelimit, www-authenticate, allow, location, idempotent-replayed';

/** One entry per header, keyed by its name as the server sends it (HTTP names are case-insensitive). */
export const headers = {
  'X-Request-Id': {
    description: "Echo of the request's `x-request-id` when it is 1 to 200 printable ASCII characters, else a generated UUID. Quote it when reporting a problem.",
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]{1,200}$' },
  },
  'X-Total-Count': {
    description: 'Number of records matching the filters, across all pages.',
    required: true,
    schema: { type: 'integer', format: 'int64', minimum: 0, maximum: MAX_SAFE_INTEGER },
  },
  Link: {
    description:
      'RFC 8288 links to the `first`, `prev`, `next` and `last` pages (`prev`/`next` only where such a page exists); each is the request URL with `limit` and `offset` set. At most four links, each bounded by the 16 KiB request head the server reads.',
    required: true,
    schema: { type: 'string', minLength: 1, maxLength: 70000, pattern: '^<[^<>]+>; rel="(first|prev|next|last)"(, <[^<>]+>; rel="(first|prev|next|last)"){0,3}$' },
  },
  'Retry-After': {
    description: 'Whole seconds to wait before retrying (at least 1).',
    required: true,
    schema: seconds(1),
  },
  'RateLimit-Limit': {
    description: 'Requests this credential may make per window. Sent when the server runs with a per-credential rate limit (`--rate-limit`), on every answer that passed it and on its 429.',
    required: false,
    schema: seconds(1),
  },
  'RateLimit-Remaining': {
    description: 'Requests left in the current window (sent with `RateLimit-Limit`).',
    required: false,
    schema: { type: 'integer', format: 'int64', minimum: 0, maximum: MAX_SAFE_INTEGER },
  },
  'RateLimit-Reset': {
    description: 'Whole seconds until the current window ends (at least 1; sent with `RateLimit-Limit`).',
    required: false,
    schema: seconds(1),
  },
  'WWW-Authenticate': {
    description: 'The accepted schemes: a bearer token or an API key in `x-api-key`; `error="invalid_token"` when the bearer token was read but is invalid, expired or revoked.',
    required: true,
    schema: {
      type: 'string',
      enum: ['Bearer realm="medsched", ApiKey realm="medsched", header="x-api-key"', 'Bearer realm="medsched", error="invalid_token", ApiKey realm="medsched", header="x-api-key"'],
    },
  },
  Allow: {
    description: 'The methods the path accepts (HEAD wherever GET is).',
    required: true,
    schema: { type: 'string', maxLength: 64, pattern: `^${methodName}(, ${methodName}){0,6}$` },
  },
  'Idempotent-Replayed': {
    description: '`true` when this answer repeats the first answer to the same `Idempotency-Key` (nothing was done this time).',
    required: false,
    schema: { type: 'string', enum: ['true'] },
  },
  'Access-Control-Allow-Origin': {
    description:
      "Sent when the request's `Origin` is allowed (by default any port on localhost, 127.0.0.1 and [::1]; `--cors-origins` changes it): that origin, or `*` when every origin is allowed. Absent otherwise: a browser page on another origin cannot read the answer. No `Access-Control-Allow-Credentials`: credentials travel in headers, never in cookies.",
    required: false,
    schema: { type: 'string', maxLength: 270, pattern: '^(\\*|https?://([a-z0-9.-]{1,253}|\\[[0-9a-f:.]{2,45}\\])(:[0-9]{1,5})?)$' },
  },
  'Access-Control-Expose-Headers': {
    description: 'Sent with `Access-Control-Allow-Origin`: the answer headers a browser page may read.',
    required: false,
    schema: { type: 'string', enum: [exposedHeaders] },
  },
};

const ref = (name) => ({ $ref: `#/components/headers/${name}` });
/** Pick headers by name, as `$ref`s into components.headers. */
const refs = (...names) => Object.fromEntries(names.map((name) => [name, ref(name)]));

/** Every answer: its request id and, for allowed browser origins, the CORS headers. */
const everyAnswer = () => refs('X-Request-Id', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers');
/** Answers to requests the per-credential limit counted and let through. */
const rateLimitFields = () => refs('RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset');

/** The headers of an operation's success answer. */
export function successHeaders({ paginated, replayable }) {
  return {
    ...everyAnswer(),
    ...rateLimitFields(),
    ...(paginated ? refs('X-Total-Count', 'Link') : {}),
    ...(replayable ? refs('Idempotent-Replayed') : {}),
  };
}

/**
 * The headers of a problem answer with this status. Problem answers other than 429 carry no
 * `RateLimit-*` fields: the server adds them to successes only (see .spectral.yaml's waiver).
 */
export function problemHeaders(status) {
  const extra = {
    401: refs('WWW-Authenticate'),
    405: refs('Allow'),
    // A request with the same Idempotency-Key still running: `Retry-After: 1` (pipeline/idempotency.ts).
    409: { 'Retry-After': { ...headers['Retry-After'], required: false, description: 'Sent (`1`) when a request with the same `Idempotency-Key` is still running.' } },
    // The per-credential limit adds its fields; the per-address limits (failed sign-ins, open connections) send Retry-After alone.
    429: { ...refs('Retry-After'), ...rateLimitFields() },
  };
  return { ...everyAnswer(), ...extra[status] };
}
