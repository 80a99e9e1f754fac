import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from '../reference-server.js';
import { createRequestListener } from './http-binding.js';

export interface StartServerOptions extends ReferenceServerOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
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
  /** Stops accepting connections, ends open ones and resolves when the server is down. */
  close(): Promise<void>;
}

export const defaultPort = 4010;

/** Same digest as the Web Crypto default, synchronously: API-key checks sit on every request. */
const sha256Hex = (key: string): string => createHash('sha256').update(key).digest('hex');
export const defaultHost = '127.0.0.1';

/** Starts the reference server on node:http. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const reference = await createReferenceServer({ hashApiKey: sha256Hex, ...options });
  const host = options.host ?? defaultHost;
  const httpServer = createServer({ keepAliveTimeout: 5_000 });
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
  httpServer.on('request', createRequestListener(reference.pipeline, `${hostInUrl}:${port}`));
  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${reference.basePath}`,
    origin,
    port,
    host,
    reference,
    httpServer,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        httpServer.close((error) => (error ? reject(error) : resolve()));
        httpServer.closeIdleConnections();
        setTimeout(() => httpServer.closeAllConnections(), 1_000).unref();
      });
      return closing;
    },
  };
}
