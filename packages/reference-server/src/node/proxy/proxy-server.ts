import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Router } from '../../routes/router.js';
import { routeTable } from '../../routes/table.js';
import { afterBody } from '../http-binding.js';
import { allowedHostsFor, checkHost, type AllowedHosts } from '../host-check.js';
import { checkExchange, type Violation } from './contract-check.js';
import { Recording } from './recording.js';
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
  /** Called with each of the first violations (the bin prints it on stderr). */
  onViolation?: (violation: Violation) => void;
  /** Called once when violations stop being told one by one (they are still counted). */
  onQuiet?: (seen: number) => void;
}

export interface RunningProxy {
  /** The proxy's base address: the target's path on the proxy's origin. */
  url: string;
  /** Violations seen so far, all of them. */
  readonly violationCount: number;
  /** The first violations (at most `maxKeptViolations`). */
  violations: readonly Violation[];
  /** Stops listening, writes what is pending; resolves with notes on what was left out (for stderr). */
  close(): Promise<string[]>;
}

/** Bodies beyond this are passed on unchecked (the reference server refuses requests over 1 MiB anyway). */
const maxCheckedBytes = 4 * 1024 * 1024;
/** Request bodies up to this are forwarded (the reference server itself takes 1 MiB); a larger one is refused here. */
const maxRequestBytes = 16 * 1024 * 1024;
/** Answers up to this are passed back; a larger one is a 502 (the proxy holds each answer whole to check it). */
export const maxAnswerBytes = 64 * 1024 * 1024;
/** Hop-by-hop headers, and those fetch sets itself. */
const notForwarded = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'proxy-authorization', 'te', 'trailer']);
const notReturned = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0 || bytes.length > maxCheckedBytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The request body, or undefined once it passes `maxRequestBytes` (the rest is drained, not kept). */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxRequestBytes) chunks.push(chunk as Buffer);
  }
  return size > maxRequestBytes ? undefined : Buffer.concat(chunks);
}

/** The answer's body, or undefined once it passes `maxAnswerBytes` (the rest is not read). */
async function readAnswer(answer: Response): Promise<Buffer | undefined> {
  if (!answer.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = answer.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.length;
    if (size > maxAnswerBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

/** What failed in a fetch, from its cause (`connect ECONNREFUSED 127.0.0.1:4010`), never a URL the client chose. */
export function describeFetchFailure(error: unknown): string {
  let cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (cause instanceof AggregateError && cause.errors.length > 0) cause = cause.errors[0];
  if (!(cause instanceof Error)) return String(cause).slice(0, 300);
  const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const message = cause.message !== '' ? cause.message : code ?? cause.name;
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

function sendProblem(res: ServerResponse, status: number, code: string, title: string, detail: string): void {
  if (res.headersSent || res.destroyed) return;
  const { headers, body } = problem(status, code, title, detail);
  res.writeHead(status, headers).end(body);
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

  const record = (method: string, url: URL, requestBytes: Buffer, status: number, headers: Headers, responseBytes: Buffer) => {
    if (!url.pathname.startsWith(`${target.basePath}/`) || method === 'OPTIONS' || method === 'HEAD') return;
    const query = Object.fromEntries(url.searchParams);
    const responseBody = parseJson(responseBytes);
    const requestBody = parseJson(requestBytes);
    const exchange = { method, path: url.pathname.slice(target.basePath.length), query, requestBody, status, headers, responseBody };
    const { operation, violations } = checkExchange(router, exchange, url.pathname + url.search);
    for (const violation of violations) log.add(violation);
    recording?.add({ operation, method, pathname: url.pathname, search: url.search, query, requestBody, status, responseBody }, new Date());
  };

  const forward = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    const upstream = upstreamUrl(target, method, req.url ?? '/');
    if (!upstream.ok) {
      afterBody(req, () => sendProblem(res, upstream.status, upstream.code, upstream.status === 404 ? 'Not found' : 'Request target refused', upstream.detail));
      return;
    }
    const { url } = upstream;
    const requestBytes = await readBody(req);
    if (requestBytes === undefined) return sendProblem(res, 413, 'payload_too_large', 'Payload too large', `the proxy forwards bodies up to ${maxRequestBytes / 1024 / 1024} MiB`);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (notForwarded.has(name) || value === undefined) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    let answer: Response;
    try {
      answer = await fetch(url, { method, headers, redirect: 'manual', ...(requestBytes.length > 0 && { body: new Uint8Array(requestBytes) }) });
    } catch (error) {
      return sendProblem(res, 502, 'bad_gateway', 'Bad gateway', `the proxy could not reach its target ${target.origin} (${method} ${url.pathname}): ${describeFetchFailure(error)}`);
    }
    let responseBytes: Buffer | undefined;
    try {
      responseBytes = await readAnswer(answer);
    } catch (error) {
      return sendProblem(res, 502, 'bad_gateway', 'Bad gateway', `the target ${target.origin} broke off its answer to ${method} ${url.pathname} (status ${answer.status}): ${describeFetchFailure(error)}`);
    }
    if (responseBytes === undefined) return sendProblem(res, 502, 'bad_gateway', 'Bad gateway', `the target's answer to ${method} ${url.pathname} passed ${maxAnswerBytes / 1024 / 1024} MiB, the most the proxy holds to check`);
    const out: Record<string, string | string[]> = {};
    answer.headers.forEach((value, name) => {
      if (!notReturned.has(name)) out[name] = value;
    });
    const cookies = answer.headers.getSetCookie();
    if (cookies.length > 0) out['set-cookie'] = cookies;
    // Checked and recorded before the answer leaves: once a client has its answer, the
    // recording holds it (a proxy stopped right after still writes it).
    // A failure to check or record is the proxy's problem: the client still gets its answer.
    try {
      record(method, url, requestBytes, answer.status, answer.headers, responseBytes);
    } catch (error) {
      process.stderr.write(`proxy: could not check or record ${method} ${url.pathname}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    res.writeHead(answer.status, out).end(method === 'HEAD' ? undefined : responseBytes);
  };

  const allowedHosts = allowedHostsFor([options.host], options.allowedHosts);
  const listener = checkHost(allowedHosts, '--allowed-hosts', (req, res) => {
    forward(req, res).catch((error: unknown) => sendProblem(res, 502, 'bad_gateway', 'Bad gateway', `the proxy failed: ${error instanceof Error ? error.message : String(error)}`));
  }, afterBody);
  const server: Server = createServer(listener);
  // CONNECT is a tunnel to a host the client names: never opened, answered 400 and closed.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    const { headers, body } = problem(400, 'bad_request_target', 'Request target refused', 'the proxy forwards requests to its target only: CONNECT (a tunnel to another host) is refused');
    socket.end(`HTTP/1.1 400 Bad Request\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}connection: close\r\n\r\n${body}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4020, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${target.basePath}`,
    get violationCount() {
      return log.count;
    },
    violations: log.kept,
    async close() {
      await new Promise<void>((resolve) => {
        server.closeIdleConnections();
        server.close(() => resolve());
      });
      await log.file?.flushed();
      const notes = (await recording?.close()) ?? [];
      const summary = log.summary();
      return summary ? [summary, ...notes] : notes;
    },
  };
}
