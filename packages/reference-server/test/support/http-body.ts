import { request } from 'node:http';
import type { RunningServer } from '../../src/node/index.js';
import type { RawAnswer } from './server.js';

/**
 * A request with a JSON body on any method, through node:http: `fetch` refuses a body on GET,
 * and `GET`/`DELETE /calendars/bake` accept their parameters in one. A `content-type` in
 * `headers` replaces application/json (to send JSON under another type). `Body` names the answer, as for `raw`.
 */
export function requestWithBody<Body = unknown>(server: RunningServer, method: string, path: string, json: unknown, headers: Record<string, string> = {}): Promise<RawAnswer<Body>> {
  const payload = Buffer.from(JSON.stringify(json));
  return new Promise((resolve, reject) => {
    const outgoing = request(`${server.origin}${path}`, { method, headers: { 'content-type': 'application/json', ...headers, 'content-length': String(payload.length) } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve({ status: incoming.statusCode ?? 0, headers: responseHeaders, body: body as Body, text });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
