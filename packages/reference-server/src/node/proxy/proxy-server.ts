import { appendFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Router } from '../../routes/router.js';
import { routeTable } from '../../routes/table.js';
import { EmailRedactor } from '../../scenario/email-redactor.js';
import { ScenarioBuilder } from '../../scenario/scenario-builder.js';
import { checkExchange, type Violation } from './contract-check.js';

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
  /** Called with each violation (the bin prints it on stderr). */
  onViolation?: (violation: Violation) => void;
}

export interface RunningProxy {
  /** The proxy's base address: the target's path on the proxy's origin. */
  url: string;
  violations: Violation[];
  /** Stops listening and writes the scenario a last time. */
  close(): Promise<void>;
}

/** Bodies beyond this are passed on unchecked (the reference server refuses requests over 1 MiB anyway). */
const maxCheckedBytes = 4 * 1024 * 1024;
/** Hop-by-hop headers, and those fetch sets itself. */
const notForwarded = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const notReturned = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

function parseJson(bytes: Buffer): unknown {
  if (bytes.length === 0 || bytes.length > maxCheckedBytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Request bodies up to this are forwarded (the reference server itself takes 1 MiB); a larger one is refused here. */
const maxRequestBytes = 16 * 1024 * 1024;

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

/** `calendars.get GET /v1/calendars/… → 200: response [0].baked: expected boolean` */
export function describeViolation(violation: Violation): string {
  return `contract: ${violation.operation} ${violation.method} ${violation.path} → ${violation.status}: ${violation.side} ${violation.field}: ${violation.expected}`;
}

/**
 * A validating, recording proxy in front of any deployment: every request goes to the target
 * unchanged and every answer comes back unchanged; on the way, both are checked against the
 * SDK's operation catalogue (through the reference server's route table), and with `record`
 * the answers become seed data. Credentials are forwarded, never written anywhere.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const target = new URL(options.target);
  const basePath = target.pathname.replace(/\/+$/, '');
  const router = new Router(routeTable);
  const violations: Violation[] = [];
  const redactor = options.redactEmails ? new EmailRedactor() : undefined;
  const builder = options.record ? new ScenarioBuilder({ redactor, target: target.origin }) : undefined;
  if (options.record) await mkdir(options.record, { recursive: true });
  const redact = (text: string) => redactor?.text(text) ?? text;

  let writing: Promise<void> = Promise.resolve();
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  const writeScenario = () => {
    timer = undefined;
    if (!builder || !options.record || !dirty) return writing;
    dirty = false;
    const dir = options.record;
    // Written whole to a temporary file and renamed: a reader never sees half a scenario.
    writing = writing.then(async () => {
      const scenario = await builder.build();
      await writeFile(join(dir, 'scenario.json.tmp'), `${JSON.stringify(scenario, null, 2)}\n`);
      await rename(join(dir, 'scenario.json.tmp'), join(dir, 'scenario.json'));
    });
    return writing;
  };

  /** File appends, one after the other (JSON lines must not interleave); `close()` waits for them. */
  let appends: Promise<void> = Promise.resolve();
  const append = (file: string, line: string) => {
    appends = appends.then(() => appendFile(file, line)).catch((error: unknown) => {
      process.stderr.write(`proxy: cannot write ${file}: ${String(error)}\n`);
    });
  };

  const record = (method: string, url: URL, requestBytes: Buffer, status: number, headers: Headers, responseBytes: Buffer) => {
    if (!url.pathname.startsWith(`${basePath}/`) || method === 'OPTIONS' || method === 'HEAD') return;
    const query = Object.fromEntries(url.searchParams);
    const responseBody = parseJson(responseBytes);
    const exchange = { method, path: url.pathname.slice(basePath.length), query, requestBody: parseJson(requestBytes), status, headers, responseBody };
    const { operation, violations: found } = checkExchange(router, exchange, url.pathname + url.search);
    for (const violation of found) {
      violations.push(violation);
      options.onViolation?.(violation);
      if (options.violations) append(options.violations, `${JSON.stringify({ time: new Date().toISOString(), ...violation })}\n`);
    }
    if (!builder || !options.record) return;
    const line = { time: new Date().toISOString(), operation: operation ?? null, method, path: url.pathname + url.search, status, requestBody: exchange.requestBody ?? null, responseBody: responseBody ?? null };
    // A signed link is a credential for its PDF: never written.
    const shown = operation === 'pdf.sign' ? { ...line, responseBody: { signed: '<redacted: a signed link>' } } : line;
    append(join(options.record, 'exchanges.jsonl'), `${redact(JSON.stringify(shown))}\n`);
    if (operation && status >= 200 && status < 300) {
      builder.add(operation, responseBody, query);
      dirty = true;
      timer ??= setTimeout(writeScenario, 200);
    }
  };

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const method = req.method ?? 'GET';
      const requestBytes = await readBody(req);
      if (requestBytes === undefined) {
        res.writeHead(413, { 'content-type': 'application/problem+json' }).end(
          JSON.stringify({ type: 'about:blank', title: 'Payload too large', status: 413, code: 'payload_too_large', detail: `the proxy forwards bodies up to ${maxRequestBytes / 1024 / 1024} MiB` }),
        );
        return;
      }
      const url = new URL(req.url ?? '/', target.origin);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (notForwarded.has(name) || value === undefined) continue;
        headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const answer = await fetch(url, { method, headers, redirect: 'manual', ...(requestBytes.length > 0 && { body: new Uint8Array(requestBytes) }) });
      const responseBytes = Buffer.from(await answer.arrayBuffer());
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
    } catch (error) {
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'application/problem+json' }).end(
          JSON.stringify({ type: 'about:blank', title: 'Bad gateway', status: 502, code: 'bad_gateway', detail: `the proxy could not reach ${target.origin}: ${error instanceof Error ? error.message : String(error)}` }),
        );
      }
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4020, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}${basePath}`,
    violations,
    async close() {
      await new Promise<void>((resolve) => {
        server.closeIdleConnections();
        server.close(() => resolve());
      });
      if (timer) clearTimeout(timer);
      await appends;
      await writeScenario();
      if (builder && builder.dropped > 0) process.stderr.write(`proxy: ${builder.dropped} records beyond ${builder.maxRecords} were not put in the scenario (exchanges.jsonl has every exchange)\n`);
    },
  };
}
