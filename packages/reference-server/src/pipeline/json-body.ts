import { ProblemError } from '../domain/operation/problems.js';
import { checkJsonLimits } from './json-limits.js';
import type { ApiRequest } from './messages.js';

/** Largest accepted request body (api-decisions.md). */
export const maxBodyBytes = 1024 * 1024;

const isJsonMediaType = (contentType: string): boolean => {
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return mediaType === 'application/json' || /^application\/[\w.+-]+\+json$/.test(mediaType);
};

/**
 * The JSON body of a request, `undefined` when it has none. 413 over the limit, 415 for another
 * content type, 400 for unparsable JSON or JSON beyond the shape limits (json-limits.ts).
 */
export async function readJsonBody(request: ApiRequest): Promise<unknown> {
  const declaredLength = Number(request.header('content-length') ?? '0');
  if (declaredLength > maxBodyBytes) throw tooLarge();
  const read = await request.readBody(maxBodyBytes);
  if (read.kind === 'too-large') throw tooLarge();
  if (read.kind === 'none' || (read.kind === 'bytes' && read.bytes.length === 0)) return undefined;
  const contentType = request.header('content-type');
  if (!contentType || !isJsonMediaType(contentType)) {
    throw new ProblemError('unsupported_media_type', `send the body as JSON with Content-Type: application/json (got ${contentType ?? 'no Content-Type'})`);
  }
  checkCharset(contentType);
  const text = read.kind === 'text' ? read.text : decodeUtf8(read.bytes);
  if (text === undefined) throw new ProblemError('invalid_json', 'the body is not valid UTF-8');
  checkJsonLimits(text);
  try {
    return JSON.parse(text);
  } catch {
    // The parser's message quotes the body; it is not repeated back.
    throw new ProblemError('invalid_json', 'the body is not valid JSON; check quotes, commas and brackets');
  }
}

/**
 * 415 for a `charset` parameter other than UTF-8: the body is read as UTF-8 only (RFC 8259
 * requires it), and a UTF-16 or Latin-1 body read as UTF-8 would store other text than was sent.
 */
export function checkCharset(contentType: string): void {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name = '', ...rest] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (value !== 'utf-8' && value !== 'utf8') {
      throw new ProblemError('unsupported_media_type', `the body must be UTF-8 (got charset=${value.slice(0, 40)}); send Content-Type: application/json; charset=utf-8 or no charset`);
    }
  }
}

/** The bytes as UTF-8 text; undefined when they are not valid UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const tooLarge = () =>
  new ProblemError('payload_too_large', `the body is larger than ${maxBodyBytes} bytes (1 MiB); send less, e.g. split the data over several requests`, { members: { limit: maxBodyBytes } });

/**
 * The body of a route whose contract takes a JSON object: 400 when it is missing, `null`, an
 * array or a scalar (an empty or `null` body must never read as `{}` and wipe a record).
 */
export async function readJsonObject(request: ApiRequest): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const got = body === undefined ? 'no body' : body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
    throw new ProblemError('validation_failed', `body: must be a JSON object, got ${got}`, { errors: [{ path: 'body', message: `must be a JSON object, got ${got}` }] });
  }
  return body as Record<string, unknown>;
}
