/**
 * Reading an answer's body within a size limit. `response.text()` reads whatever comes: a body
 * that never ends grows until the deadline (gigabytes on loopback), a 2 GB body crashes Node
 * itself, and 1 MB of gzip unpacks to 1 GiB. So the body is read as a stream and counted after
 * decompression (fetch decompresses before the stream); at the limit the reading stops and the
 * body is cancelled, which closes the connection. ky has no such option (it reads with
 * `response.text()` or hands the response over).
 */
import { RedirectError, ResponseTooLargeError, type AnswerOrigin } from './answer-errors.js';
import { redactUrl } from './redact.js';

/** Where the answer came from, for the errors about it. */
export function answerOrigin(response: Response, request: Request, baseUrl: string): AnswerOrigin {
  const path = request.url.startsWith(baseUrl) ? request.url.slice(baseUrl.length) : request.url;
  return {
    status: response.status,
    method: request.method,
    path: redactUrl(path),
    requestId: response.headers.get('x-request-id') ?? request.headers.get('x-request-id') ?? undefined,
  };
}

/**
 * The RedirectError for a redirect answer, or undefined for any other: a 3xx with a Location
 * (the SDK sends `redirect: 'manual'`), or a browser's opaque redirect, which hides it.
 */
export function redirectOf(response: Response, request: Request, baseUrl: string): RedirectError | undefined {
  if (response.type === 'opaqueredirect') return new RedirectError(answerOrigin(response, request, baseUrl), undefined);
  if (response.status < 300 || response.status > 399) return undefined;
  const location = response.headers.get('location');
  return location === null ? undefined : new RedirectError(answerOrigin(response, request, baseUrl), location);
}

/**
 * The body as text, read up to `maxBytes` bytes after decompression; a ResponseTooLargeError past
 * them (the rest is not read: the body is cancelled). A `Content-Length` over the limit on an
 * answer that is not compressed is refused before reading.
 */
export async function readBounded(response: Response, request: Request, baseUrl: string, maxBytes: number): Promise<string> {
  const body = response.body;
  if (body === null) return '';
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const encoded = (response.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && declared > maxBytes) {
    body.cancel().catch(() => {});
    throw new ResponseTooLargeError(answerOrigin(response, request, baseUrl), maxBytes);
  }
  const reader = body.getReader();
  // Not fatal, as response.text(): a broken sequence becomes U+FFFD, and the BOM is dropped.
  const decoder = new TextDecoder();
  // The chunks are kept and decoded once at the end: a string grown chunk by chunk is a rope of
  // pieces that JSON.parse first copies flat, and here parsed a 400 KB page about 3x slower than
  // the flat string response.text() makes (bench/paging.mjs). The bytes are bounded all the same.
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      reader.cancel().catch(() => {});
      throw new ResponseTooLargeError(answerOrigin(response, request, baseUrl), maxBytes);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return decoder.decode(chunks[0]);
  const all = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return decoder.decode(all);
}
