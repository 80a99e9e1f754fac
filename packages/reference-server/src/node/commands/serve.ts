import { seedNames, type SeedName } from '../../seed/index.js';
import { demoCredentials } from '../../seed/index.js';
import { UsageError, env, parsePort } from '../environment.js';
import { startServer } from '../start-server.js';

export interface ServeFlags {
  port?: string | undefined;
  host?: string | undefined;
  seed?: string | undefined;
  adminSecret?: string | undefined;
  tokenSecret?: string | undefined;
  rateLimit?: string | undefined;
}

/** `--rate-limit 100/60` = 100 requests per 60 seconds per credential. */
function parseRateLimit(value: string | undefined) {
  if (value === undefined) return undefined;
  const match = /^(\d+)\/(\d+)s?$/.exec(value);
  if (!match) throw new UsageError(`--rate-limit must look like 100/60 (requests per seconds), not ${value}`);
  return { limit: Number(match[1]), windowSeconds: Number(match[2]) };
}

function randomSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Starts the server, prints how to reach it, and stops cleanly on SIGINT and SIGTERM. */
export async function serve(flags: ServeFlags): Promise<void> {
  const seed = (flags.seed ?? env.seed() ?? 'demo') as SeedName;
  if (!seedNames.includes(seed)) throw new UsageError(`--seed must be one of ${seedNames.join(', ')}, not ${seed}`);
  const adminSecret = flags.adminSecret ?? env.adminSecret() ?? randomSecret();
  const tokenSecret = flags.tokenSecret ?? env.tokenSecret();
  const server = await startServer({
    port: parsePort(flags.port ?? env.port()),
    host: flags.host ?? env.host(),
    seed,
    adminSecret,
    tokens: { secret: tokenSecret },
    rateLimit: parseRateLimit(flags.rateLimit ?? env.rateLimit()),
  });

  const lines = [`medsched reference server listening on ${server.url} (seed: ${seed})`];
  const demo = demoCredentials()[0];
  if (seed === 'demo' && demo) {
    lines.push(
      `  try:          curl -H "x-api-key: ${demo.apiKey}" ${server.url}/organizations/${demo.organizationId}`,
      '  credentials:  medsched-server credentials   (every demo user and its API key)',
    );
  }
  lines.push(
    `  bearer token: curl -X POST -H "content-type: application/json" -d '{"apiKey":"<key>","ttlSeconds":3600}' ${server.origin}/dev/token`,
    `  admin secret: ${adminSecret}   (x-admin-secret; medsched-server keys|devices --admin-secret …)`,
  );
  console.log(lines.join('\n'));

  const stop = (signal: NodeJS.Signals) => {
    console.log(`${signal}: shutting down`);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
