import { parsePort } from '../environment.js';
import { UsageError } from '../usage-error.js';
import { describeViolation, startProxy } from '../proxy/proxy-server.js';
import { defaultMaxLogBytes, maxKeptViolations } from '../proxy/violation-log.js';
import { defaultUpstreamLimits } from '../proxy/upstream-gate.js';
import { readAllowedHostsFlag } from './allowed-hosts-flag.js';
import { readProxyLimitFlags, type ProxyLimitFlags } from './proxy-limit-flags.js';

/** `medsched-server proxy --help`. */
export const proxyUsage = `medsched-server proxy: check (and record) a deployment against the contract

  medsched-server proxy --target URL [--port 4020] [--host 127.0.0.1] [--allowed-hosts NAMES]
                        [--violations FILE] [--record DIR] [--redact-emails] [--redact-fields NAMES]
                        [--max-log-mb ${defaultMaxLogBytes / 1024 / 1024}] [--max-in-flight ${defaultUpstreamLimits.maxInFlight}] [--max-in-flight-per-client ${defaultUpstreamLimits.maxInFlightPerClient}]
                        [--max-body-mb ${defaultUpstreamLimits.maxBodyBytes / 1024 / 1024}] [--upstream-timeout ${defaultUpstreamLimits.upstreamTimeoutMs / 1000}] [--queue-timeout ${defaultUpstreamLimits.queueTimeoutMs / 1000}]

  --target URL          the deployment's base address with the API's base path, e.g. https://staging.example/v1;
                        the proxy forwards paths under that base path to it and to nothing else
  --port, --host        where the proxy listens (default 127.0.0.1:4020)
  --allowed-hosts NAMES Host names answered besides localhost, IP addresses and --host, comma-separated
                        (.example.com: that name and every name under it; all: no check); others get 421
  --violations FILE     each contract violation as a JSON line (also printed on stderr, the first ${maxKeptViolations})
  --record DIR          DIR/exchanges.jsonl (each exchange) and DIR/scenario.json (seed data for --scenario),
                        files readable by their owner only
  --redact-emails       replace e-mail addresses in what is recorded by made-up ones, consistently
  --redact-fields NAMES replace these fields (any depth: meta,name,dateOfBirth) and query parameters
                        in what is recorded; credentials (access_token, api_key, … ) always are
  --max-log-mb N        cap of each file written (violations, exchanges); past it lines are counted, not written
  --max-in-flight N     requests at the target at once, all clients together (also the most upstream connections)
  --max-in-flight-per-client N
                        requests at the target at once for one client (its x-api-key/authorization, else its
                        address); as many more wait their turn, clients in rotation; past that 429 Retry-After: 1
  --queue-timeout S     seconds a request may wait for its turn; then 503 Retry-After: 1, never forwarded
                        (so is a request when 4 × --max-in-flight are already waiting)
  --max-body-mb N       request body MiB held to forward (413 past it); answers over 4 MiB pass on unchecked
  --upstream-timeout S  seconds for the target's whole answer; then 504 (the request may have taken effect)

Exit code on SIGINT/SIGTERM: 10 if any violation was seen, else 0.`;

export interface ProxyFlags extends ProxyLimitFlags {
  target?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  record?: string | undefined;
  violations?: string | undefined;
  redactEmails?: boolean | undefined;
  /** `--redact-fields meta,name`: names replaced in what is recorded. */
  redactFields?: string | undefined;
  /** `--max-log-mb 64`: cap of each file written. */
  maxLogMb?: string | undefined;
  /** `--allowed-hosts a.example,.b.example` or `all`. */
  allowedHosts?: string | undefined;
}

function parseMaxLogMb(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const mb = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || !(mb > 0) || mb > 1024 * 1024) throw new UsageError(`--max-log-mb must be a positive number of MiB (e.g. 64), not ${value}`);
  return Math.floor(mb * 1024 * 1024);
}

function parseRedactFields(value: string | undefined): string[] {
  if (value === undefined) return [];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const bad = names.find((name) => !/^[A-Za-z0-9_.-]{1,100}$/.test(name));
  if (names.length === 0 || bad !== undefined) throw new UsageError(`--redact-fields takes field names separated by commas (meta,name,dateOfBirth), not ${JSON.stringify(bad ?? value)}`);
  return names;
}

/**
 * `medsched-server proxy --target URL [--record DIR] [--violations FILE] [--redact-emails]`:
 * forwards to the target, reports each contract violation on stderr (and as JSON lines), and
 * with --record writes the answers as a scenario. Stops cleanly on SIGINT and SIGTERM.
 */
export async function runProxy(flags: ProxyFlags): Promise<void> {
  if (!flags.target) throw new UsageError('proxy needs --target <base URL ending in /v1>, e.g. --target https://api.example.com/v1');
  let target: URL;
  try {
    target = new URL(flags.target);
  } catch {
    throw new UsageError(`--target must be an absolute http(s) URL, not ${flags.target}`);
  }
  if (!/^https?:$/.test(target.protocol) || target.pathname.replace(/\/+$/, '') === '') throw new UsageError(`--target must be an http(s) URL with the API's base path, e.g. ${target.origin}/v1`);
  if (target.search !== '' || target.hash !== '' || target.username !== '' || target.password !== '')
    throw new UsageError(`--target must be a base address without query, fragment or user info, e.g. ${target.origin}${target.pathname}`);
  const proxy = await startProxy({
    target: flags.target,
    port: parsePort(flags.port ?? '4020'),
    host: flags.host ?? '127.0.0.1',
    record: flags.record,
    violations: flags.violations,
    redactEmails: flags.redactEmails ?? false,
    redactFields: parseRedactFields(flags.redactFields),
    maxLogBytes: parseMaxLogMb(flags.maxLogMb),
    allowedHosts: readAllowedHostsFlag(flags.allowedHosts),
    limits: readProxyLimitFlags(flags),
    onViolation: (violation) => process.stderr.write(`${describeViolation(violation)}\n`),
    onQuiet: (seen) => process.stderr.write(`proxy: ${seen} violations reported; further ones are counted (and written to --violations up to its cap), not printed\n`),
  });
  console.log(`medsched proxy listening on ${proxy.url} → ${target.href.replace(/\/+$/, '')}${flags.record ? ` (recording into ${flags.record})` : ''}`);
  const stop = async () => {
    const notes = await proxy.close();
    for (const note of notes) process.stderr.write(`${note}\n`);
    process.exit(proxy.violationCount > 0 ? 10 : 0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
