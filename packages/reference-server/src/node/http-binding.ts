import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { ApiRequest, ApiResponse, BodyRead } from '../pipeline/messages.js';
import type { Pipeline } from '../pipeline/pipeline.js';

/** Bytes of a received chunk decoded at a time: the decoder's UTF-16 buffer stays small (32 KiB). */
const decodeSliceBytes = 16 * 1024;

/**
 * Reads the body as it arrives: decoded to text (in the JavaScript heap) and hashed chunk by
 * chunk, without joining the chunks into one buffer. A large buffer allocated and freed outside
 * the heap leaves glibc's malloc holding memory long after a flood of large bodies (README,
 * "Limits").
 */
function readBody(request: IncomingMessage, limit: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const hash = createHash('sha256');
    let pieces: string[] | undefined = [];
    let size = 0;
    const decode = (bytes: Uint8Array | undefined) => {
      if (!pieces) return;
      try {
        if (!bytes) pieces.push(decoder.decode());
        else for (let at = 0; at < bytes.length; at += decodeSliceBytes) pieces.push(decoder.decode(bytes.subarray(at, at + decodeSliceBytes), { stream: true }));
      } catch {
        pieces = undefined; // not valid UTF-8: still hashed, answered 400 where it is read as JSON
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Over the limit: what was kept goes, the rest is read and dropped (see afterBody).
        pieces = undefined;
        request.off('data', onData);
        request.off('error', reject);
        resolve({ kind: 'too-large' });
        return;
      }
      hash.update(chunk);
      decode(chunk);
    };
    request.on('data', onData);
    request.once('end', () => {
      if (size === 0) return resolve({ kind: 'none' });
      decode(undefined);
      resolve({ kind: 'text', text: pieces?.join(''), sha256: hash.digest('hex') });
    });
    request.once('error', reject);
  });
}

/**
 * Whether the request has a body at all: without Content-Length or Transfer-Encoding it has none
 * (RFC 9112, 6.3), and an answer made at once (a GET) need not wait for its end, which Node
 * reports only after the request handler has returned.
 */
function hasBody(request: IncomingMessage): boolean {
  const headers = request.headers;
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}

/**
 * Calls `then` once the request has been received to its end, reading and dropping what is left
 * of its body (a body over the limit, or one the pipeline never needed): the client gets its
 * answer once it has finished sending, instead of a reset mid-upload (EPIPE in `fetch`) that
 * hides the problem document. Bounded by time, not bytes, as nginx's `lingering_time` is: the
 * server's body timeout (`--body-timeout`, Node's `requestTimeout`) ends a body still coming
 * (408 and close); nothing dropped is kept, so its size costs no memory. A byte cap (16 MiB
 * before) made clients sending more see EPIPE instead of the 413.
 */
export function afterBody(request: IncomingMessage, then: () => void): void {
  if (request.complete || !hasBody(request)) return then();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    then();
  };
  request.once('end', finish);
  request.once('close', finish);
  request.resume();
}

/**
 * An IncomingMessage as the pipeline reads requests: no URL or Fetch objects on the hot path.
 * The origin is the configured public one: the Host header is the client's to choose, so links
 * built from it could point anywhere (and a malformed one broke the `Link` header).
 */
function toApiRequest(request: IncomingMessage, publicOrigin: string): ApiRequest {
  const url = request.url ?? '/';
  const queryAt = url.indexOf('?');
  const headers = request.headers;
  return {
    method: request.method ?? 'GET',
    pathname: queryAt === -1 ? url : url.slice(0, queryAt),
    search: queryAt === -1 ? '' : url.slice(queryAt),
    origin: publicOrigin,
    client: request.socket.remoteAddress,
    header: (name) => {
      const value = headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    readBody: (limit) => readBody(request, limit),
  };
}

function send(response: ServerResponse, answer: ApiResponse): void {
  const headers: Record<string, string> = answer.status === 413 ? { ...answer.headers, connection: 'close' } : answer.headers;
  // A known length spares chunked encoding. A string body (not a Buffer) lets Node send head and
  // body in one plain write instead of a writev of two buffers, which costs measurably more here.
  const body = answer.body;
  // A kept answer (a read by id) comes with its length, so its bytes are not counted again.
  const length = body === undefined ? 0 : typeof body !== 'string' ? body.length : answer.contentLength !== undefined ? Number(answer.contentLength) : Buffer.byteLength(body);
  headers['content-length'] = answer.contentLength ?? String(length);
  response.writeHead(answer.status, headers);
  // An ASCII string is sent as latin1 (the same bytes): Node then sizes its copy to the length,
  // where UTF-8 reserves three bytes a character (3 MiB outside the heap for a 1 MiB answer).
  response.end(body, typeof body === 'string' && length === body.length ? 'latin1' : 'utf8');
}

/**
 * The node:http binding: each request goes straight to the pipeline and its route table. An
 * answer the pipeline has at once (a read by id) is sent in the same turn, without a promise.
 */
export function createRequestListener(pipeline: Pipeline, publicOrigin: string): RequestListener {
  return (request, response) => {
    let answer: ApiResponse | Promise<ApiResponse>;
    try {
      answer = pipeline.respond(toApiRequest(request, publicOrigin));
    } catch {
      // The pipeline turns every error into an answer; this only guards against a broken socket.
      response.destroy();
      return;
    }
    if (answer instanceof Promise) {
      answer.then(
        // A client still sending (a body over the limit, or one never read) reads no answer before it is done.
        (settled) => afterBody(request, () => send(response, settled)),
        () => response.destroy(),
      );
    } else if (request.complete || !hasBody(request)) {
      send(response, answer); // the usual read: no body to wait for, no closure
    } else {
      afterBody(request, () => send(response, answer));
    }
  };
}
