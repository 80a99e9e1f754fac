import { defaultHost, defaultPort } from './start-server.js';
import { UsageError } from './usage-error.js';

/** Flags win over environment variables, which win over defaults. */
export const env = {
  port: () => process.env.MEDSCHED_PORT,
  host: () => process.env.MEDSCHED_HOST,
  seed: () => process.env.MEDSCHED_SEED,
  adminSecret: () => process.env.MEDSCHED_ADMIN_SECRET,
  tokenSecret: () => process.env.MEDSCHED_TOKEN_SECRET,
  rateLimit: () => process.env.MEDSCHED_RATE_LIMIT,
  data: () => process.env.MEDSCHED_DATA,
  appUrl: () => process.env.MEDSCHED_APP_URL,
  webUrl: () => process.env.MEDSCHED_WEB_URL,
  linkSecret: () => process.env.MEDSCHED_LINK_SECRET,
  corsOrigins: () => process.env.MEDSCHED_CORS_ORIGINS,
  demoKeys: () => process.env.MEDSCHED_DEMO_KEYS,
  allowedHosts: () => process.env.MEDSCHED_ALLOWED_HOSTS,
  /** Where the admin commands find the running server. */
  url: () => process.env.MEDSCHED_URL,
};

export function parsePort(value: string | undefined): number {
  if (value === undefined) return defaultPort;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`--port must be 0 to 65535 (0 picks a free port), not ${value}`);
  return port;
}

/** The running server's origin for admin commands: --url, MEDSCHED_URL, or host and port. */
export function serverOrigin(flags: { url?: string | undefined; host?: string | undefined; port?: string | undefined }): string {
  const url = flags.url ?? env.url();
  if (url) return new URL(url).origin;
  const host = flags.host ?? env.host() ?? defaultHost;
  return `http://${host.includes(':') ? `[${host}]` : host}:${parsePort(flags.port ?? env.port())}`;
}
