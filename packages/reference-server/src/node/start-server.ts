import { hash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../reference-server.js';
import { defaultConnectionsPerClient, limitConnectionsPerClient } from './connection-limit.js';
import { applySocketTimeout, defaultConnectionTimeouts, serverTimeoutOptions, type ConnectionTimeouts } from './connection-timeouts.js';
import { afterBody, createRequestListener } from './http-binding.js';
import { allowedHostsFor, checkHost, type AllowedHosts } from './host-check.js';
import { zlibTextPacker } from './text-packer.js';
import { collectWhenIdle } from './idle-collection.js';
import { openDataFile, type DataFile } from './persistence/open-data-file.js';
import { createSitePages } from './pages/site-pages.js';
import { defaultCorsOrigins } from '../pipeline/cors.js';
import { defaultAppUrl } from '../domain/pdf/pdf-links.js';
import type { ExtraRoutes } from '../pipeline/pipeline.js';
import { checkAdminSecret, isLoopbackHost } from './exposure.js';
import type { DemoCredential } from '../seed/index.js';
import type { DurableAnswer } from '../pipeline/durable-answer.js';

export interface StartServerOptions extends ReferenceServerOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * Keeps the database in this file across restarts (loaded at start, every write journaled
   * and fsynced before it is answered; see the README, "Persistence"). A new file is seeded
   * per `seed`, or starts with `database` when given (a recorded scenario); an existing one
   * ignores `seed` and is refused with `database`. In memory only when absent.
   */
  data?: string;
  /** With `data`: journal bytes past which the running server compacts the file (default 16 MiB). */
  journalCompactBytes?: number;
  /**
   * The address clients use, e.g. `https://medsched.example.test` behind a proxy: the origin
   * of signed PDF links and `Link` headers (never the request's Host header). Default the
   * listen address.
   */
  publicUrl?: string;
  /** Connection timeouts in seconds (see connection-timeouts.ts); each defaults separately. */
  timeouts?: Partial<ConnectionTimeouts>;
  /** Most connections one client address may hold open at once (default 256); one more gets 429. */
  maxConnectionsPerClient?: number;
  /**
   * `Host` names answered besides the defaults (IP addresses, `localhost`, `*.localhost`, and the
   * names of `host`, `publicUrl` and the PDF app and web URLs); `{ any: true }` turns the check
   * off. Any other `Host` is answered 421 before any route runs (node/host-check.ts).
   */
  allowedHosts?: AllowedHosts;
}

export interface RunningServer {
  /** The API's base address, e.g. `http://127.0.0.1:4010/v1`. */
  url: string;
  /** The server's origin, e.g. `http://127.0.0.1:4010` (development routes live under `/dev`). */
  origin: string;
  port: number;
  host: string;
  reference: ReferenceServer;
  httpServer: Server;
  /** The open data file, when started with `data`. */
  dataFile?: DataFile;
  /** Whether the published demo keys work on this server. */
  demoKeys: boolean;
  /** The `Host` names it answers besides IP addresses and localhost (421 for others). */
  allowedHosts: AllowedHosts;
  /** Keys generated for the demo users at this (first) start, when demo keys are off: show them once. */
  generatedCredentials: DemoCredential[];
  /** Stops accepting connections, ends open ones and resolves when the server is down. */
  close(): Promise<void>;
}

export const defaultPort = 4010;

/** Same digest as the Web Crypto default, synchronously: API-key checks sit on every request. */
// One-shot crypto.hash (Node 20.12+) costs half of a createHash object per call.
const sha256Hex = (key: string): string => hash('sha256', key, 'hex');
export const defaultHost = '127.0.0.1';

/** Starts the reference server on node:http. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // Credentials fit where the server runs (node/exposure.ts): beyond loopback, or keeping a data
  // file, the published demo keys are off unless asked for, and sign-in as anyone is off.
  const loopback = isLoopbackHost(options.host ?? defaultHost);
  checkAdminSecret(options.host ?? defaultHost, options.adminSecret);
  const demoKeys = options.demoKeys ?? (loopback && !options.data && !options.database);
  options = { ...options, demoKeys, adminSignIn: loopback && options.adminSignIn !== false };
  const clock = options.now ?? (() => new Date());
  const dataFile = options.data
    ? await openDataFile({
        path: options.data,
        seed: options.seed ?? 'demo',
        ...(options.database && { initial: options.database }),
        demoKeys,
        compactBytes: options.journalCompactBytes,
        now: () => clock().getTime(),
      })
    : undefined;
  if (dataFile) options = { ...options, database: dataFile.db };
  // The home page and API reference need the address the server listens on: set once it does.
  let sitePages: ExtraRoutes | undefined;
  const reference = await createReferenceServer({
    pages: async (request, requestId) => sitePages?.(request, requestId),
    hashApiKey: sha256Hex,
    ...(dataFile && { beforeAnswer: () => dataFile.sync() }),
    ...options,
    // Kept answers compressed on the main thread into JavaScript strings (node/text-packer.ts),
    // and, with a data file, journaled before they are sent (a replay after a restart answers them).
    idempotency: { packer: zlibTextPacker, hashText: sha256Hex, ...(dataFile && { onKept: (answer: DurableAnswer) => dataFile.recordAnswer(answer) }), ...options.idempotency },
  });
  if (dataFile) {
    reference.pipeline.idempotency.restore(dataFile.keptAnswers);
    dataFile.answersSource = () => reference.pipeline.idempotency.durableAnswers();
  }
  const host = options.host ?? defaultHost;
  const timeouts = { ...defaultConnectionTimeouts, ...options.timeouts };
  const httpServer = createServer(serverTimeoutOptions(timeouts));
  applySocketTimeout(httpServer, timeouts);
  limitConnectionsPerClient(httpServer, options.maxConnectionsPerClient ?? defaultConnectionsPerClient);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? defaultPort, host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${hostInUrl}:${port}`;
  const publicOrigin = options.publicUrl === undefined ? origin : new URL(options.publicUrl).origin;
  const seed = options.seed ?? 'demo';
  sitePages = createSitePages({
    db: reference.db,
    origin,
    basePath: reference.basePath,
    // Keys of a data file or an empty seed are real: never on a page.
    showDemoKeys: seed === 'demo' && demoKeys && !options.data && !options.database,
    noDemoReason: options.data
      ? `This server keeps its data in ${options.data}: its API keys are real.`
      : seed !== 'demo'
        ? 'This server started with no data (--seed empty).'
        : options.database
          ? 'This server was given its own database: its API keys are real.'
          : `The published demo keys are off: this server is reachable beyond loopback (${host}). Use the keys it printed at start.`,
    corsOrigins: options.cors?.origins ?? defaultCorsOrigins,
    appUrl: options.pdf?.appUrl ?? defaultAppUrl,
  });
  const allowedHosts = allowedHostsFor([host, options.publicUrl, options.pdf?.appUrl, options.pdf?.webUrl], options.allowedHosts);
  const listener = checkHost(allowedHosts, '--allowed-hosts', createRequestListener(reference.pipeline, publicOrigin), afterBody);
  httpServer.on('request', collectWhenIdle(httpServer, listener));
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${reference.basePath}`,
    origin,
    port,
    host,
    reference,
    httpServer,
    dataFile,
    demoKeys,
    allowedHosts,
    generatedCredentials: dataFile?.generatedCredentials ?? reference.generatedCredentials,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        httpServer.close((error) => {
          dataFile?.close();
          if (error) reject(error);
          else resolve();
        });
        httpServer.closeIdleConnections();
        setTimeout(() => httpServer.closeAllConnections(), 1_000).unref();
      });
      return closing;
    },
  };
}
