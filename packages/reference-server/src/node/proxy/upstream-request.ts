import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * Bodies up to this are held whole and checked; a larger answer is passed on as it comes,
 * unchecked, so an answer costs the proxy at most this much memory.
 */
export const maxCheckedBytes = 4 * 1024 * 1024;

/** The proxy's connections to its target: a keep-alive pool of at most `maxSockets` (node:http's Agent; fetch's pool has no cap). */
export interface UpstreamPool {
  agent: HttpAgent;
  request: typeof httpRequest;
  close(): void;
}

export function upstreamPool(origin: string, maxSockets: number): UpstreamPool {
  const secure = origin.startsWith('https:');
  const options = { keepAlive: true, maxSockets, maxTotalSockets: maxSockets, maxFreeSockets: maxSockets };
  const agent = secure ? new HttpsAgent(options) : new HttpAgent(options);
  return { agent, request: secure ? httpsRequest : httpRequest, close: () => agent.destroy() };
}

/** Sends one request on the pool; resolves with the answer's head (its body still to read). */
export function sendUpstream(pool: UpstreamPool, url: URL, method: string, headers: OutgoingHttpHeaders, body: Buffer, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = pool.request(url, { method, headers: { ...headers, 'content-length': String(body.length) }, agent: pool.agent, signal }, resolve);
    request.once('error', reject);
    request.end(body.length > 0 ? body : undefined);
  });
}

/** The answer's body whole when it is at most `maxCheckedBytes`; else what was read so far, the rest to be passed on as it comes. */
export async function readAnswer(answer: IncomingMessage): Promise<{ bytes: Buffer; rest?: AsyncIterator<Buffer, undefined> }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = answer[Symbol.asyncIterator]() as AsyncIterator<Buffer, undefined>;
  for (;;) {
    const { done, value } = await reader.next();
    if (done) return { bytes: Buffer.concat(chunks) };
    size += value.length;
    chunks.push(value);
    if (size > maxCheckedBytes) return { bytes: Buffer.concat(chunks), rest: reader };
  }
}

/** Writes the rest of an answer as it comes, waiting while the client does not read (backpressure). */
export async function passOn(res: ServerResponse, rest: AsyncIterator<Buffer, undefined>): Promise<void> {
  for (;;) {
    const { done, value } = await rest.next();
    if (done) return void res.end();
    if (res.destroyed) return void (await rest.return?.());
    if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  }
}
