import { randomHex } from '../../domain/access/hex.js';
import { seedNames, type SeedName } from '../../seed/index.js';
import { demoCredentials } from '../../seed/index.js';
import { parseCorsOrigins } from '../../pipeline/cors.js';
import { readLimitFlags, type LimitFlags } from './limit-flags.js';
import { env, parsePort } from '../environment.js';
import { UsageError } from '../usage-error.js';
import { defaultHost, startServer } from '../start-server.js';
import { checkAdminSecret, isLoopbackHost, parseDemoKeys } from '../exposure.js';
import { readScenarioDatabase } from './scenario-file.js';
import { readAllowedHostsFlag } from './allowed-hosts-flag.js';

export interface ServeFlags extends LimitFlags {
  port?: string | undefined;
  host?: string | undefined;
  seed?: string | undefined;
  adminSecret?: string | undefined;
  tokenSecret?: string | undefined;
  rateLimit?: string | undefined;
  data?: string | undefined;
  appUrl?: string | undefined;
  webUrl?: string | undefined;
  linkSecret?: string | undefined;
  corsOrigins?: string | undefined;
  demoKeys?: string | undefined;
  /** `--allowed-hosts a.example,.b.example` or `all`: Host names answered besides the defaults. */
  allowedHosts?: string | undefined;
  /** A scenario file (`proxy --record`) to serve instead of a seed. */
  scenario?: string | undefined;
}

/** `--cors-origins "http://localhost:*,https://app.example.com"`, `*` or `none`; default loopback origins. */
function parseCorsFlag(value: string | undefined): { origins: readonly string[] } | undefined {
  if (value === undefined) return undefined;
  const parsed = parseCorsOrigins(value);
  if (!parsed.ok) throw new UsageError(`--cors-origins: ${parsed.reason}`);
  return { origins: parsed.origins };
}

/** `--rate-limit 100` = 100 requests per minute per credential; `100/10` = per 10 seconds. */
function parseRateLimit(value: string | undefined) {
  if (value === undefined) return undefined;
  const match = /^(\d+)(?:\/(\d+)s?)?$/.exec(value);
  if (!match || Number(match[1]) < 1 || match[2] === '0') {
    throw new UsageError(`--rate-limit must be requests per minute (100) or requests/seconds (100/10), not ${value}`);
  }
  return { limit: Number(match[1]), windowSeconds: Number(match[2] ?? 60) };
}

/** An --app-url or --web-url: an absolute http(s) URL whose origin links must match. */
function parseSiteUrl(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag} must be an absolute URL such as https://app.example.com, not ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) {
    throw new UsageError(`${flag} must be an http(s) URL without user info, not ${value}`);
  }
  return url.origin;
}

/** Starts the server, prints how to reach it, and stops cleanly on SIGINT and SIGTERM. */
export async function serve(flags: ServeFlags): Promise<void> {
  const seed = (flags.seed ?? env.seed() ?? 'demo') as SeedName;
  if (!seedNames.includes(seed)) throw new UsageError(`--seed must be one of ${seedNames.join(', ')}, not ${seed}`);
  const host = flags.host ?? env.host() ?? defaultHost;
  const adminSecret = flags.adminSecret ?? env.adminSecret() ?? randomHex(16);
  checkAdminSecret(host, adminSecret);
  const demoKeys = parseDemoKeys(flags.demoKeys ?? env.demoKeys());
  const tokenSecret = flags.tokenSecret ?? env.tokenSecret();
  const scenario = flags.scenario ? await readScenarioDatabase(flags.scenario) : undefined;
  const server = await startServer({
    ...(scenario && { database: scenario.database }),
    port: parsePort(flags.port ?? env.port()),
    host,
    seed,
    adminSecret,
    ...(demoKeys !== undefined && { demoKeys }),
    tokens: { secret: tokenSecret },
    rateLimit: parseRateLimit(flags.rateLimit ?? env.rateLimit()),
    cors: parseCorsFlag(flags.corsOrigins ?? env.corsOrigins()),
    ...readLimitFlags(flags),
    data: flags.data ?? env.data(),
    allowedHosts: readAllowedHostsFlag(flags.allowedHosts ?? env.allowedHosts()),
    pdf: {
      appUrl: parseSiteUrl('--app-url', flags.appUrl ?? env.appUrl()),
      webUrl: parseSiteUrl('--web-url', flags.webUrl ?? env.webUrl()),
      signingSecret: flags.linkSecret ?? env.linkSecret(),
    },
  });

  const lines = [
    // A loaded data file was not seeded now: its seed is whatever made it, not --seed.
    `medsched reference server listening on ${server.url} (${scenario ? `scenario: ${flags.scenario}${server.dataFile ? `, kept in ${server.dataFile.path}` : ''}` : server.dataFile?.origin === 'loaded' ? `data: ${server.dataFile.path}` : `seed: ${seed}`})`,
    `  home page:    ${server.origin}/   (API reference: ${server.origin}/reference, OpenAPI: ${server.origin}/openapi.json)`,
  ];
  for (const credential of scenario?.credentials ?? [])
    lines.push(`  replay key:   ${credential.role} of organization ${credential.organizationId}: ${credential.apiKey} (made by the recording, in the scenario file)`);
  const demo = demoCredentials()[0];
  if (server.demoKeys && demo) {
    lines.push(
      `  try:          curl -H "x-api-key: ${demo.apiKey}" ${server.url}/organizations/${demo.organizationId}`,
      `  credentials:  medsched-server credentials${server.dataFile ? ' --demo-keys on' : ''}   (every demo user and its API key)`,
    );
    if (!isLoopbackHost(host)) lines.push(`  warning:      --demo-keys on: the published demo keys (admins included) work for anyone who reaches ${host}`);
  } else {
    lines.push(
      `  demo keys:    off (${scenario ? 'a recorded scenario: use its replay keys' : isLoopbackHost(host) ? 'this server keeps a data file' : `reachable beyond loopback on ${host}`}); --demo-keys on to allow them`,
    );
  }
  if (!isLoopbackHost(host)) lines.push('  sign-in as another user with the admin secret: off beyond loopback');
  const generated = server.generatedCredentials;
  if (generated.length > 0) {
    const first = generated[0]!;
    lines.push(
      `  own keys:     generated for the demo users, shown this once (${server.dataFile ? 'stored only as hashes in the data file' : 'new at every start in memory'}):`,
      ...generated.map((credential) => `                ${credential.email.padEnd(28)} ${credential.role.padEnd(8)} ${credential.apiKey}`),
      `  try:          curl -H "x-api-key: ${first.apiKey}" ${server.url}/organizations/${first.organizationId}`,
    );
  }
  lines.push(
    `  bearer token: curl -X POST -H "content-type: application/json" -d '{"apiKey":"<key>","ttlSeconds":3600}' ${server.origin}/dev/token`,
    `  admin secret: ${adminSecret}   (x-admin-secret; medsched-server keys|devices --admin-secret …)`,
  );
  const { names, any } = server.allowedHosts;
  lines.push(
    `  hosts:        ${any ? 'any Host header (--allowed-hosts all)' : `localhost, IP addresses${names.length > 0 ? `, ${names.join(', ')}` : ''}; another Host is answered 421 (--allowed-hosts to add)`}`,
  );
  const { dataFile } = server;
  if (dataFile) {
    lines.push(`  data file:    ${dataFile.path} (${dataFile.origin === 'created' ? 'new, seeded' : `loaded, ${dataFile.journalLines} journal lines replayed`}; ${dataFile.records} records)`);
  }
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
