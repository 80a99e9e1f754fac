import { UsageError, parsePort } from '../environment.js';
import { describeViolation, startProxy } from '../proxy/proxy-server.js';

export interface ProxyFlags {
  target?: string | undefined;
  port?: string | undefined;
  host?: string | undefined;
  record?: string | undefined;
  violations?: string | undefined;
  redactEmails?: boolean | undefined;
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
  const proxy = await startProxy({
    target: flags.target,
    port: parsePort(flags.port ?? '4020'),
    host: flags.host ?? '127.0.0.1',
    record: flags.record,
    violations: flags.violations,
    redactEmails: flags.redactEmails ?? false,
    onViolation: (violation) => process.stderr.write(`${describeViolation(violation)}\n`),
  });
  console.log(`medsched proxy listening on ${proxy.url} → ${target.href.replace(/\/+$/, '')}${flags.record ? ` (recording into ${flags.record})` : ''}`);
  const stop = async () => {
    await proxy.close();
    process.exit(proxy.violations.length > 0 ? 10 : 0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
