import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { onTestFinished } from 'vitest';

/** What a hostile server does with one request: answers it itself (true), or lets the real server answer (false). */
export type Intercept = (req: IncomingMessage, res: ServerResponse, self: { origin: string }) => boolean;

export interface LoopbackServer {
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  /** `origin` + `/v1`: point the CLI here. */
  url: string;
  close(): Promise<void>;
}

/** Listens on a free loopback port; `close` ends held connections too (a drip never finishes by itself). */
export async function listenLoopback(handle: (req: IncomingMessage, res: ServerResponse, origin: string) => void): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  let origin = '';
  const server: Server = createServer((req, res) => handle(req, res, origin));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/v1`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A server we do not control, on loopback: the real reference server behind it answers what
 * `intercept` leaves alone, so the CLI gets far enough (patients, bakes) to meet the hostile part.
 */
export function startHostileProxy(target: string, intercept: Intercept): Promise<LoopbackServer> {
  const upstreamOrigin = new URL(target);
  return listenLoopback((req, res, origin) => {
    if (intercept(req, res, { origin })) return;
    const upstream = httpRequest({ host: upstreamOrigin.hostname, port: upstreamOrigin.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
}

/** One request a recorder received: what a key thief would see. */
export interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A second loopback server that records every request (headers included) and answers 200 `{}`: where a redirect points. */
export async function startRecorder(): Promise<LoopbackServer & { received: Recorded[] }> {
  const received: Recorded[] = [];
  const server = await listenLoopback((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  return Object.assign(server, { received });
}

/**
 * A recorder and, in front of `target`, a server that answers with a redirect to the recorder
 * (`status`, 302 unless given) every request `redirects` picks (all unless given): where a key
 * would leak if the CLI followed. Both are closed when the test finishes.
 */
export async function startRedirectToRecorder(
  target: string,
  options: { status?: number; redirects?: (req: IncomingMessage) => boolean } = {},
): Promise<{ recorder: LoopbackServer & { received: Recorded[] }; hostile: LoopbackServer }> {
  const recorder = await startRecorder();
  onTestFinished(() => recorder.close());
  const hostile = await startHostileProxy(target, (req, res) => {
    if (options.redirects !== undefined && !options.redirects(req)) return false;
    res.writeHead(options.status ?? 302, { location: `${recorder.origin}${req.url ?? '/'}` }).end();
    return true;
  });
  onTestFinished(() => hostile.close());
  return { recorder, hostile };
}

/** Characters no output of the CLI may carry raw: C1 controls and bidi controls. */
export const unsafeControls = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Closes a loopback server when the running test finishes, passed or failed. */
export function closeWhenTestFinishes(server: LoopbackServer): void {
  onTestFinished(() => server.close());
}
