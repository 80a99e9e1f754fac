import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Router } from '../../routes/router.js';
import { routeTable } from '../../routes/table.js';
import { defaultConnectionsPerClient, limitConnectionsPerClient } from '../connection-limit.js';
import { defaultConnectionTimeouts, serverTimeoutOptions } from '../connection-timeouts.js';
import { afterBody } from '../http-binding.js';
import { allowedHostsFor, checkHost, type AllowedHosts } from '../host-check.js';
import { checkExchange, type Violation } from './contract-check.js';
import { Recording } from './recording.js';
import { defaultUpstreamLimits, UpstreamGate, type UpstreamLimits } from './upstream-gate.js';
import { maxCheckedBytes, passOn, readAnswer, sendUpstream, upstreamPool } from './upstream-request.js';
import { proxyTargetOf, upstreamUrl } from './upstream-url.js';
import { ViolationLog } from './violation-log.js';

export interface ProxyOptions {
  /** The service to check, its base address ending in the API's base path, e.g. `https://api.example.com/v1`. */
  target: string;
  port?: number;
  host?: string;
  /** Directory to write `scenario.json` (seed data) and `exchanges.jsonl` into. */
  record?: string | undefined;
  /** File to append each violation to, as a JSON line. */
  violations?: string | undefined;
  /** Replace e-mail addresses in what is recorded. */
  redactEmails?: boolean;
  /** Field and query-parameter names replaced in what is recorded (credentials always are). */
  redactFields?: readonly string[];
  /** Cap of each file written (violations, exchanges), in bytes; default 64 MiB. */
  maxLogBytes?: number | undefined;
  /** Violations kept in memory and told one by one (default 1,000); the rest are counted. */
  maxKeptViolations?: number | undefined;
  /** `Host` names answered besides IP addresses, localhost and `host` (421 for others). */
  allowedHosts?: AllowedHosts | undefined;
  /** Caps on upstream work in flight, waiting, body size and time (`defaultUpstreamLimits` for those not given). */
  limits?: Partial<UpstreamLimits> | undefined;
  /** Called with each of the first violations (the bin prints it on stderr). */
  onViolation?: (violation: Violation) => void;
  /** Called once when violations stop being told one by one (they are still counted). */
  onQuiet?: (seen: number) => void;
}

export interface RunningProxy {
  /** The proxy's base address: the target's path on the proxy's origin. */
  url: string;
  /** Requests at the target now, and waiting for a turn (both bounded by `limits`). */
  readonly load: { inFlight: number; waiting: number };
  /** Violations seen so far, all of them. */
  readonly violationCount: number;
  /** The first violations (at most `maxKeptViolations`). */
  violations: readonly Violation[];
  /** Stops listening, writes what is pending; resolves with notes on what was left out (for stderr). */
  close(): Promise<string[]>;
}

/** Hop-by-hop headers, those node:http sets itself, and `accept-encoding` (answers come unencoded, to be checked). */
const notForwarded = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'accept-encoding']);
const notReturned = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/** `16 MiB`, `1.5 KiB`, `200 bytes`. */
function describeBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return bytes >= 1024 ? `${+(bytes / 1024).toFixed(1)} KiB` : `${bytes} bytes`;
}

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0 || bytes.length > maxCheckedBytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The request body, or undefined once it passes `maxBytes` (the rest is drained, not kept). */
async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  return size > maxBytes ? undefined : Buffer.concat(chunks);
}

/**
 * Whose turn a request takes (node/proxy/upstream-gate.ts): its credential, hashed (never kept
 * in clear), or its address when it sends none. A client that makes up credentials counts as
 * many clients: the proxy's overall caps still hold.
 */
export function clientKeyOf(req: IncomingMessage): string {
  const key = req.headers['x-api-key'];
  const authorization = req.headers.authorization;
  if (key === undefined && authorization === undefined) return `address ${req.socket.remoteAddress ?? ''}`;
  return `credential ${createHash('sha256')
    .update(`${String(key)}\n${String(authorization)}`)
    .digest('base64url')}`;
}

/** What failed in a fetch, from its cause (`connect ECONNREFUSED 127.0.0.1:4010`), never a URL the client chose. */
export function describeFetchFailure(error: unknown): string {
  let cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (cause instanceof AggregateError && cause.errors.length > 0) cause = cause.errors[0];
  if (!(cause instanceof Error)) return String(cause).slice(0, 300);
  const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const message = cause.message !== '' ? cause.message : (code ?? cause.name);
  return (code && !message.includes(code) ? `${message} (${code})` : message).slice(0, 300);
}

/** `calendars.get GET /v1/calendars/… → 200: response [0].baked: expected boolean` */
export function describeViolation(violation: Violation): string {
  return `contract: ${violation.operation} ${violation.method} ${violation.path} → ${violation.status}: ${violation.side} ${violation.field}: ${violation.expected}`;
}

function problem(status: number, code: string, title: string, detail: string): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ type: 'about:blank', title, status, code, detail });
  return { headers: { 'content-type': 'application/problem+json', 'content-length': String(Buffer.byteLength(body)) }, body };
}

function sendProblem(res: ServerResponse, status: number, code: string, title: string, detail: string, extra: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const { headers, body } = problem(status, code, title, detail);
  res.writeHead(status, { ...headers, ...extra }).end(body);
}

/**
 * A validating, recording proxy in front of any deployment: every request goes to the target
 * unchanged and every answer comes back unchanged; on the way, both are checked against the
 * SDK's operation catalogue (through the reference server's route table), and with `record`
 * the answers become seed data. It talks to its target only (node/proxy/upstream-url.ts), answers
 * only for its own host names (node/host-check.ts), and holds bounded memory and files.
 * Credentials are forwarded, never written anywhere.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = proxyTargetOf(new URL(options.target));
  const router = new Router(routeTable);
  const log = new ViolationLog({ file: options.violations, maxFileBytes: options.maxLogBytes, maxKept: options.maxKeptViolations, onViolation: options.onViolation, onQuiet: options.onQuiet });
  const recording = options.record
    ? await Recording.open({ dir: options.record, target: target.origin, redactEmails: options.redactEmails ?? false, redactFields: options.redactFields ?? [], maxFileBytes: options.maxLogBytes })
    : undefined;

  /** `responseBytes` undefined: an answer too large to hold, passed on unchecked. */
  const record = (method: string, url: URL, requestBytes: Buffer, status: number, headers: Headers, responseBytes: Buffer | undefined) => {
    if (!url.pathname.startsWith(`${target.basePath}/`) || method === 'OPTIONS' || method === 'HEAD') return;
    const query = Object.fromEntries(url.searchParams);
    const responseBody = responseBytes === undefined ? undefined : parseJson(responseBytes);
    const requestBody = parseJson(requestBytes);
    const exchange = { method, path: url.pathname.slice(target.basePath.length), query, requestBody, status, headers, responseBody, responseUnchecked: responseBytes === undefined };
    const { operation, violations } = checkExchange(router, exchange, url.pathname + url.search);
    for (const violation of violations) log.add(violation);
    recording?.add({ operation, method, pathname: url.pathname, search: url.search, query, requestBody, status, responseBody }, new Date());
  };

  const limits: UpstreamLimits = { ...defaultUpstreamLimits, ...options.limits };
  const gate = new UpstreamGate(limits);
  // The gate bounds requests in flight; the pool bounds the sockets behind them to the same number.
  const pool = upstreamPool(target.origin, limits.maxInFlight);
  const retryLater = { 'retry-after': '1' };

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const upstream = upstreamUrl(target, method, req.url ?? '/');
    if (!upstream.ok) {
      afterBody(req, () => sendProblem(res, upstream.status, upstream.code, upstream.status === 404 ? 'Not found' : 'Request target refused', upstream.detail));
      return;
    }
    const { url } = upstream;
    // The client leaving frees its turn, or its place in the line, at once.
    const clientGone = new AbortController();
    res.once('close', () => clientGone.abort());
    // The body is read only once the request has its turn: a waiting request holds no buffer.
    const turn = await gate.acquire(clientKeyOf(req), clientGone.signal);
    if (!turn.ok) {
      afterBody(req, () => sendProblem(res, turn.status, turn.code, turn.status === 429 ? 'Too many requests' : 'Proxy busy', turn.detail, retryLater));
      return;
    }
    try {
      await forwardWithTurn(req, res, method, url, clientGone.signal);
    } finally {
      turn.release();
    }
  };

  const forwardWithTurn = async (req: IncomingMessage, res: ServerResponse, method: string, url: URL, clientGone: AbortSignal) => {
    const requestBytes = await readBody(req, limits.maxBodyBytes);
    if (requestBytes === undefined) return sendProblem(res, 413, 'payload_too_large', 'Payload too large', `the proxy forwards bodies up to ${describeBytes(limits.maxBodyBytes)} (--max-body-mb)`);
    const headers: OutgoingHttpHeaders = { 'accept-encoding': 'identity' };
    for (const [name, value] of Object.entries(req.headers)) {
      if (!notForwarded.has(name) && value !== undefined) headers[name] = value;
    }
    const timeout = AbortSignal.timeout(limits.upstreamTimeoutMs);
    const signal = AbortSignal.any([timeout, clientGone]);
    const timedOut = () =>
      sendProblem(
        res,
        504,
        'gateway_timeout',
        'Gateway timeout',
        `the target ${target.origin} did not answer ${method} ${url.pathname} within ${limits.upstreamTimeoutMs / 1000} s (--upstream-timeout); the request may or may not have taken effect there`,
        retryLater,
      );
    let answer: IncomingMessage;
    try {
      answer = await sendUpstream(pool, url, method, headers, requestBytes, signal);
    } catch (error) {
      if (timeout.aborted) return timedOut();
      return sendProblem(res, 502, 'bad_gateway', 'Bad gateway', `the proxy could not reach its target ${target.origin} (${method} ${url.pathname}): ${describeFetchFailure(error)}`);
    }
    const status = answer.statusCode ?? 502;
    let read: Awaited<ReturnType<typeof readAnswer>>;
    try {
      read = await readAnswer(answer);
    } catch (error) {
      if (timeout.aborted) return timedOut();
      return sendProblem(res, 502, 'bad_gateway', 'Bad gateway', `the target ${target.origin} broke off its answer to ${method} ${url.pathname} (status ${status}): ${describeFetchFailure(error)}`);
    }
    const out: Record<string, string | string[]> = {};
    const answerHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) answerHeaders.append(name, one);
      if (!notReturned.has(name)) out[name] = value;
    }
    // Checked and recorded before the answer leaves: once a client has its answer, the
    // recording holds it (a proxy stopped right after still writes it).
    // A failure to check or record is the proxy's problem: the client still gets its answer.
    try {
      record(method, url, requestBytes, status, answerHeaders, read.rest ? undefined : read.bytes);
    } catch (error) {
      process.stderr.write(`proxy: could not check or record ${method} ${url.pathname}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    if (method === 'HEAD') {
      answer.destroy();
      return void res.writeHead(status, out).end();
    }
    if (!read.rest) return void res.writeHead(status, out).end(read.bytes);
    res.writeHead(status, out).write(read.bytes);
    try {
      await passOn(res, read.rest);
    } catch {
      // The target broke off (or took too long) after the head was sent: the client sees a cut answer, not a whole one.
      res.destroy();
    }
  };

  const allowedHosts = allowedHostsFor([options.host], options.allowedHosts);
  const listener = checkHost(
    allowedHosts,
    '--allowed-hosts',
    (req, res) => {
      forward(req, res).catch((error: unknown) => sendProblem(res, 502, 'bad_gateway', 'Bad gateway', `the proxy failed: ${error instanceof Error ? error.message : String(error)}`));
    },
    afterBody,
  );
  // The server's own connection bounds: stalled clients are cut off, one address holds a bounded number of sockets.
  // A request's body is read once it has its turn, so the time to receive a request includes its wait.
  const timeouts = { ...defaultConnectionTimeouts, body: defaultConnectionTimeouts.body + Math.ceil(limits.queueTimeoutMs / 1000) };
  const server: Server = createServer(serverTimeoutOptions(timeouts), listener);
  limitConnectionsPerClient(server, defaultConnectionsPerClient);
  // CONNECT is a tunnel to a host the client names: never opened, answered 400 and closed.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    const { headers, body } = problem(400, 'bad_request_target', 'Request target refused', 'the proxy forwards requests to its target only: CONNECT (a tunnel to another host) is refused');
    socket.end(
      `HTTP/1.1 400 Bad Request\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}connection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4020, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${target.basePath}`,
    get load() {
      return { inFlight: gate.inFlight, waiting: gate.waiting };
    },
    get violationCount() {
      return log.count;
    },
    violations: log.kept,
    async close() {
      await new Promise<void>((resolve) => {
        server.closeIdleConnections();
        server.close(() => resolve());
      });
      pool.close();
      await log.file?.flushed();
      const notes = (await recording?.close()) ?? [];
      const summary = log.summary();
      return summary ? [summary, ...notes] : notes;
    },
  };
}
