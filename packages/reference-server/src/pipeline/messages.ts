/**
 * The binding-neutral shape of a request and its answer. The msw binding builds them from Fetch
 * objects, the node:http binding from IncomingMessage, without Fetch objects on its hot path.
 */

/**
 * A request body as read by a binding: its bytes (the msw binding), or (the node:http binding)
 * its text, decoded as UTF-8 and hashed while it arrived, so that no contiguous copy of a large
 * body is made outside the JavaScript heap: `text` is undefined when the bytes are not valid
 * UTF-8, `sha256` is the hex SHA-256 of the bytes.
 */
export type BodyRead = { kind: 'none' } | { kind: 'bytes'; bytes: Uint8Array } | { kind: 'text'; text: string | undefined; sha256: string } | { kind: 'too-large' };

export interface ApiRequest {
  method: string;
  /** The URL path, base path included, e.g. `/v1/calendars/65a…`. */
  pathname: string;
  /** The query string with its `?`, or `''`. */
  search: string;
  /** Scheme, host and port the client used, e.g. `http://127.0.0.1:4010`; for absolute links. */
  origin: string;
  /** The peer's address where the binding knows it (node:http), for per-client limits. */
  client?: string | undefined;
  /** A request header by lower-case name. */
  header: (name: string) => string | undefined;
  /** Reads the body, stopping (too-large) once it exceeds `limit` bytes. */
  readBody(limit: number): Promise<BodyRead>;
}

export interface ApiResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /** The body's length in bytes as a header value, where the pipeline knows it already (kept answers). */
  contentLength?: string | undefined;
}
