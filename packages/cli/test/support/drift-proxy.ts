import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the proxy makes the reference server drift from the contract, one kind at a time:
 * - `rename-field`: calendar entries answer `isBaked` instead of `baked`;
 * - `422-for-409`: a conflict answers 422 (a validation code) instead of 409;
 * - `cross-org-read`: a refused read of one calendar entry is answered with the entry anyway
 *   (the proxy asks again with `leakKey`, another organization's key);
 * - `writes-fail`: nothing drifts, but every request other than GET fails with 500 and is
 *   counted, unforwarded (to prove that --read-only sends no write);
 * - `staff-list-leak`: `GET /calendars/` without `patient`, sent with `staffKey`, answers the
 *   staff's entries and, after them, those `leakKey` sees (the rest untouched).
 */
export type Drift =
  { kind: 'rename-field' } | { kind: '422-for-409' } | { kind: 'cross-org-read'; leakKey: string } | { kind: 'writes-fail' } | { kind: 'staff-list-leak'; staffKey: string; leakKey: string };

export interface DriftProxy {
  /** Base URL (…/v1) of the drifted server. */
  url: string;
  /** Requests other than GET that reached the proxy, as `METHOD /path`. */
  writes: string[];
  close(): Promise<void>;
}

function renameBaked(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameBaked);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key === 'baked' ? 'isBaked' : key] = renameBaked(field);
  return out;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A loopback server that forwards to the reference server at `target` (…/v1), with one drift applied. */
export async function startDriftProxy(target: string, drift: Drift): Promise<DriftProxy> {
  const writes: string[] = [];
  const targetUrl = new URL(target);
  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const body = await readBody(req);
    if (method !== 'GET') writes.push(`${method} ${req.url}`);
    if (drift.kind === 'writes-fail' && method !== 'GET') {
      res.writeHead(500, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ type: 'about:blank', title: 'writes are not allowed here', status: 500, code: 'internal' }));
      return;
    }
    const url = new URL(req.url ?? '/', targetUrl.origin);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host' && name !== 'connection' && name !== 'content-length') headers.set(name, value);
    const send = () => fetch(url, { method, headers, ...(body.length > 0 && { body: new Uint8Array(body) }) });
    let answer = await send();
    if (drift.kind === 'cross-org-read' && method === 'GET' && answer.status === 403 && /^\/v1\/calendars\/[0-9a-f]{24}$/.test(url.pathname)) {
      headers.set('x-api-key', drift.leakKey);
      answer = await send();
    }
    let status = answer.status;
    let text = await answer.text();
    if (drift.kind === 'staff-list-leak' && method === 'GET' && answer.ok && url.pathname === '/v1/calendars/' && !url.searchParams.has('patient') && req.headers['x-api-key'] === drift.staffKey) {
      headers.set('x-api-key', drift.leakKey);
      const leaked = (await (await send()).json()) as unknown[];
      text = JSON.stringify([...(JSON.parse(text) as unknown[]), ...leaked]);
    }
    if (drift.kind === '422-for-409' && status === 409) {
      status = 422;
      text = JSON.stringify({ ...JSON.parse(text), status: 422, code: 'validation_failed', title: 'Unprocessable entity' });
    }
    if (drift.kind === 'rename-field' && /json/.test(answer.headers.get('content-type') ?? '') && url.pathname.startsWith('/v1/calendars') && answer.ok) {
      text = JSON.stringify(renameBaked(JSON.parse(text)));
    }
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) out[name] = value;
    });
    res.writeHead(status, out).end(text);
  };
  // A failed forward (the reference server gone, a body that is no JSON) answers 502 with the reason,
  // instead of an unhandled rejection and a request that hangs until the CLI's timeout.
  const server = createServer((req, res) => {
    forward(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(`drift proxy: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    writes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
