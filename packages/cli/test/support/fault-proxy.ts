import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does with a request: pass it to the real server, answer an error, or hold it forever. */
export type Fault = 'pass' | { status: number } | 'hang';

export interface FaultProxy {
  /** Base URL (…/v1) of the proxy: point the CLI here. */
  url: string;
  /** Requests that reached the real server, as "METHOD /path". */
  forwarded: string[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP proxy in front of the real reference server that lets a test make one
 * operation fail (an error answer) or never answer (held open), while every other request
 * reaches the real server: for partial failures, Ctrl-C and --timeout, with the server's own
 * state checked afterwards.
 */
export async function startFaultProxy(target: string, decide: (method: string, path: string) => Fault): Promise<FaultProxy> {
  const origin = new URL(target);
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const fault = decide(req.method ?? 'GET', path.replace(/^\/v1/, ''));
    if (fault === 'hang') return;
    if (fault !== 'pass') {
      req.resume();
      res
        .writeHead(fault.status, { 'content-type': 'application/problem+json' })
        .end(JSON.stringify({ type: 'about:blank', title: 'injected', status: fault.status, code: 'internal', detail: 'injected by the test proxy' }));
      return;
    }
    forwarded.push(`${req.method} ${path}`);
    const upstream = httpRequest({ host: origin.hostname, port: origin.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (path === '/v1/pdf/') {
        // A proxy in front of the API is the server's public URL: signed links name it, as a
        // deployment behind one configures (--public-url). The CLI fetches links on its base URL's origin only.
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.from(
            Buffer.concat(chunks)
              .toString('utf8')
              .split(origin.origin)
              .join(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
          );
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'content-length': String(body.byteLength) }).end(body);
        });
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    forwarded,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
