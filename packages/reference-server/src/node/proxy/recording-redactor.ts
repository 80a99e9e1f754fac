/** What a redacted text becomes in a recording. */
export const redactedText = '[redacted]';

/** `access_token`, `Access-Token` and `accessToken` are one name. */
const normalized = (name: string): string => name.toLowerCase().replace(/[-_.\s]/g, '');

/** Body fields that carry a credential: never recorded, whatever was asked. */
const credentialFields = ['accesstoken', 'refreshtoken', 'idtoken', 'token', 'apikey', 'xapikey', 'secret', 'clientsecret', 'password', 'authorization', 'signature'];
/** Query parameters that carry a credential (OAuth's `access_token`, `?key=`, signed links' `signature`): never recorded. */
const credentialParameters = [...credentialFields, 'key', 'sig', 'auth', 'jwt', 'code', 'session', 'sessionid'];

/** A recursion bound for bodies: deeper values are replaced whole (the reference server refuses such bodies anyway). */
const maxDepth = 64;

/**
 * Takes out of what the proxy records the fields a user named (`--redact-fields name,meta`,
 * matched at any depth, `snake_case`, `kebab-case` and `camelCase` alike) and credentials always:
 * credential-named body fields, and credential-named query parameters (`?access_token=…`,
 * `?api_key=…`). A redacted string becomes `[redacted]`, an object `{"[redacted]": true}`, a
 * list `[]`, anything else `[redacted]`. Request headers are never recorded at all.
 */
export class RecordingRedactor {
  readonly #fields: ReadonlySet<string>;
  readonly #parameters: ReadonlySet<string>;

  constructor(fields: readonly string[] = []) {
    const asked = fields.map(normalized).filter((name) => name !== '');
    this.#fields = new Set([...credentialFields, ...asked]);
    this.#parameters = new Set([...credentialParameters, ...asked]);
  }

  /** A copy of a parsed JSON body with the named fields replaced. */
  body(value: unknown, depth = 0): unknown {
    if (value === null || typeof value !== 'object') return value;
    if (depth >= maxDepth) return redactedText;
    if (Array.isArray(value)) return value.map((item) => this.body(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value)) {
      // defineProperty: a field named __proto__ stays a field, never the copy's prototype.
      Object.defineProperty(out, name, { value: this.#fields.has(normalized(name)) ? replacement(field) : this.body(field, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  /** A query as a record, with the named and credential parameters replaced. */
  query(query: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(query)) {
      Object.defineProperty(out, name, { value: this.#parameters.has(normalized(name)) ? redactedText : value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  /** `search` (`?a=1&access_token=…`) with the named and credential parameters' values replaced, the rest as sent. */
  search(search: string): string {
    if (search === '' || search === '?') return search;
    const parts = search
      .slice(1)
      .split('&')
      .map((part) => {
        const equals = part.indexOf('=');
        const rawName = equals === -1 ? part : part.slice(0, equals);
        let name: string;
        try {
          name = decodeURIComponent(rawName.replace(/\+/g, ' '));
        } catch {
          name = rawName;
        }
        return this.#parameters.has(normalized(name)) ? `${rawName}=${encodeURIComponent(redactedText)}` : part;
      });
    return `?${parts.join('&')}`;
  }
}

function replacement(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (value !== null && typeof value === 'object') return { [redactedText]: true };
  return redactedText;
}
