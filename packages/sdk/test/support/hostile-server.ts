/**
 * A hostile server on loopback, for the SDK's, the conformance package's and (later) the CLI's
 * tests: it switches its behaviour by the first segment of the path, so that a client is pointed
 * at it with a base URL such as `${server.origin}/redirect-302-other-host/v1` and every call it
 * makes meets that behaviour. Beside it, "elsewhere" listeners (another host, 127.0.0.2; another
 * port; plain http on the TLS server's own port) record every request that reaches them, so that
 * a test can assert that a credential never left its origin.
 *
 * Node built-ins only (no test runner), so that a child process and another package's tests can
 * import it by relative path: `packages/sdk/test/support/hostile-server.ts`.
 *
 * Modes (first path segment):
 * - `redirect-<status>-<target>`: a redirect of that status to `other-host`, `other-port`,
 *   `same-origin`, `to-http` (TLS server: same host and port, plain http), `loop` (itself),
 *   `file` (`file:///etc/passwd`) or `data` (a `data:` URL).
 * - `huge-<bytes>`: a 200 JSON body of that many bytes, sent as fast as it is read, no length.
 * - `sized-<bytes>`: the same with its `Content-Length`.
 * - `endless`: a 200 JSON body that never ends, sent as fast as it is read.
 * - `drip`: a 200 JSON body of one byte every 50 ms, never ending.
 * - `gzip-bomb`, `brotli-bomb`: 1 GiB of JSON whitespace, compressed to about 1 MB and 190 KB.
 * - `html`: a captive portal's 200 HTML page. `broken-json`: a 200 JSON body cut short.
 * - `escapes`: a 400 problem whose `code` and `detail` carry escape sequences, `\r` and bidi controls.
 * - `many-issues-<n>`: a 200 array of n device events, each with one field wrong.
 * Anything else: 404 problem.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { constants, createBrotliCompress, gzipSync } from 'node:zlib';

/** A request as a listener saw it. */
export interface RecordedRequest {
  /** Where it arrived: `origin`, `other-host`, `other-port`, or `plain-http` (the TLS server's port, without TLS). */
  at: string;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

export interface HostileServer {
  /** `http://127.0.0.1:<port>`, or `https://…` with `tls`. */
  origin: string;
  /** The base URL of a mode: `${origin}/${mode}/v1`. */
  baseUrl(mode: string): string;
  /** Requests that reached the hostile origin itself. */
  received: RecordedRequest[];
  /** Requests that reached any other host, port or scheme: a credential there has left its origin. */
  elsewhere: RecordedRequest[];
  close(): Promise<void>;
}

/** The self-signed certificate of 127.0.0.1 the TLS server uses (valid until 2126); trust it with NODE_EXTRA_CA_CERTS. */
export const hostileCertFile = fileURLToPath(new URL('./hostile-tls-cert.pem', import.meta.url));
const hostileKeyFile = fileURLToPath(new URL('./hostile-tls-key.pem', import.meta.url));

/** One GiB, the size the bombs unpack to. */
const bombBytes = 1024 * 1024 * 1024;
const spaces = Buffer.alloc(1024 * 1024, 0x20);

/** A gzip bomb: gzip members may follow each other, so one member of 1 MiB of spaces, 1024 times. */
let gzipBomb: Buffer | undefined;
function gzipBombBody(): Buffer {
  const member = gzipSync(spaces, { level: 9 });
  gzipBomb ??= Buffer.concat(Array.from({ length: bombBytes / spaces.length }, () => member));
  return gzipBomb;
}

/** A brotli bomb, compressed once per process (about half a second). */
let brotliBomb: Promise<Buffer> | undefined;
function brotliBombBody(): Promise<Buffer> {
  brotliBomb ??= (async () => {
    const encoder = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bombBytes } });
    const chunks: Buffer[] = [];
    encoder.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => encoder.on('end', resolve));
    for (let sent = 0; sent < bombBytes; sent += spaces.length) if (!encoder.write(spaces)) await new Promise((resolve) => encoder.once('drain', resolve));
    encoder.end();
    await ended;
    return Buffer.concat(chunks);
  })();
  return brotliBomb;
}

/** Resolves when the socket drains or closes (both listeners removed again). */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Writes `chunk` until `total` bytes are sent (forever when Infinity), waiting for the socket to drain. */
async function pour(response: ServerResponse, total: number, chunk = spaces): Promise<void> {
  response.write('[');
  let sent = 1;
  while (!response.destroyed && sent < total - 1) {
    const part = total - 1 - sent >= chunk.length ? chunk : chunk.subarray(0, total - 1 - sent);
    sent += part.length;
    if (!response.write(part)) await drained(response);
  }
  if (!response.destroyed) response.end(']');
}

function problem(response: ServerResponse, status: number, code: string, detail: string): void {
  response.writeHead(status, { 'content-type': 'application/problem+json' });
  response.end(JSON.stringify({ type: `about:blank#${code}`, title: code, status, code, detail }));
}

interface Targets {
  otherHost: string;
  otherPort: string;
  plainHttp: string;
}

/** The hostile behaviours, by mode. */
async function answer(request: IncomingMessage, response: ServerResponse, targets: Targets): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://hostile');
  const [, mode = '', ...rest] = url.pathname.split('/');
  const below = `/${rest.join('/')}${url.search}`;
  const redirect = /^redirect-(\d{3})-([a-z-]+)$/.exec(mode);
  if (redirect) {
    const [, status, target] = redirect;
    const locations: Record<string, string> = {
      'other-host': `${targets.otherHost}${below}`,
      'other-port': `${targets.otherPort}${below}`,
      'same-origin': `/same-origin-target${below}`,
      'to-http': `${targets.plainHttp}${below}`,
      loop: url.pathname + url.search,
      file: 'file:///etc/passwd',
      data: 'data:application/json,%7B%7D',
    };
    response.writeHead(Number(status), { location: locations[target!] ?? '/', 'content-type': 'text/plain' });
    return void response.end(`moved to ${locations[target!]}`);
  }
  const huge = /^huge-(\d+)$/.exec(mode);
  if (huge) {
    response.writeHead(200, { 'content-type': 'application/json' });
    return pour(response, Number(huge[1]));
  }
  const sized = /^sized-(\d+)$/.exec(mode);
  if (sized) {
    // A length over the limit declared up front: the client can refuse it before reading.
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': sized[1] });
    return pour(response, Number(sized[1]));
  }
  const manyIssues = /^many-issues-(\d+)$/.exec(mode);
  if (manyIssues) {
    const event = (i: number) => ({ id: `64d006${String(i).padStart(18, '0')}`, deviceId: '64d004000000000000000001', type: 'state', payload: {}, timestamp: i });
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify(Array.from({ length: Number(manyIssues[1]) }, (_, i) => event(i))));
  }
  switch (mode) {
    case 'endless':
      response.writeHead(200, { 'content-type': 'application/json' });
      return pour(response, Number.POSITIVE_INFINITY);
    case 'drip': {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      const timer = setInterval(() => response.write(' '), 50);
      response.once('close', () => clearInterval(timer));
      return;
    }
    case 'gzip-bomb':
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      return void response.end(gzipBombBody());
    case 'brotli-bomb': {
      const body = await brotliBombBody();
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
      return void response.end(body);
    }
    case 'html':
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end('<!doctype html><html><head><title>Guest Wi-Fi</title></head><body><h1>Sign in to continue</h1></body></html>');
    case 'broken-json':
      response.writeHead(200, { 'content-type': 'application/json' });
      return void response.end('{"id":"64d001000000000000000001","name":"Sonnen');
    case 'escapes':
      return problem(response, 400, 'bad\u001b[31m\u001b]0;pwned\u0007\u202ecode', 'dose 5 mg\r\u001b[2Kdose 50 mg \u202egm 05\u202c \u2066x\u2069\u200f\u061c ok\u0085');
    default:
      return problem(response, 404, 'not_found', `no hostile mode ${mode}`);
  }
}

/** A listener that records what reaches it and answers `{}`. */
function recorder(at: string, log: RecordedRequest[]): Server {
  return createHttpServer((request, response) => {
    log.push({ at, method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{}');
  });
}

function listen(server: Server | NetServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeAll(servers: (Server | NetServer)[]): Promise<void> {
  for (const server of servers) (server as Server).closeAllConnections?.();
  return Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined);
}

/** Starts the hostile server (and its elsewhere listeners) on free loopback ports. */
export async function startHostileServer(options: { tls?: boolean } = {}): Promise<HostileServer> {
  const received: RecordedRequest[] = [];
  const elsewhere: RecordedRequest[] = [];
  const targets: Targets = { otherHost: '', otherPort: '', plainHttp: '' };
  const handler = (request: IncomingMessage, response: ServerResponse) => {
    received.push({ at: 'origin', method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    request.resume();
    answer(request, response, targets).catch((error: unknown) => response.destroy(error as Error));
  };
  const servers: (Server | NetServer)[] = [];
  let port: number;
  if (options.tls) {
    // One port, two schemes: a TLS handshake starts with byte 0x16, anything else is plain http.
    const secure = createHttpsServer({ key: readFileSync(hostileKeyFile), cert: readFileSync(hostileCertFile) }, handler);
    const plain = recorder('plain-http', elsewhere);
    const front = createNetServer((socket) => {
      socket.once('data', (first) => {
        socket.pause();
        socket.unshift(first);
        (first[0] === 0x16 ? secure : plain).emit('connection', socket);
        process.nextTick(() => socket.resume());
      });
    });
    servers.push(secure, plain, front);
    port = await listen(front, 0, '127.0.0.1');
  } else {
    const server = createHttpServer(handler);
    servers.push(server);
    port = await listen(server, 0, '127.0.0.1');
  }
  const otherPort = recorder('other-port', elsewhere);
  servers.push(otherPort);
  const otherPortNumber = await listen(otherPort, 0, '127.0.0.1');
  // Another host on the same port where the system allows (Linux routes all of 127/8 to loopback).
  const otherHost = recorder('other-host', elsewhere);
  servers.push(otherHost);
  const otherHostPort = await listen(otherHost, port, '127.0.0.2').catch(() => listen(otherHost, 0, '127.0.0.2'));
  const scheme = options.tls ? 'https' : 'http';
  targets.otherHost = `http://127.0.0.2:${otherHostPort}`;
  targets.otherPort = `http://127.0.0.1:${otherPortNumber}`;
  targets.plainHttp = `http://127.0.0.1:${port}`;
  const origin = `${scheme}://127.0.0.1:${port}`;
  return { origin, baseUrl: (mode) => `${origin}/${mode}/v1`, received, elsewhere, close: () => closeAll(servers) };
}
