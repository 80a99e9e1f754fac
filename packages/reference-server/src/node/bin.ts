#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { printCredentials } from './commands/credentials.js';
import { runDevicesCommand } from './commands/devices.js';
import { runKeysCommand } from './commands/keys.js';
import { proxyUsage, runProxy } from './commands/proxy.js';
import { serve } from './commands/serve.js';
import { mintToken } from './commands/token.js';
import { serverOrigin } from './environment.js';
import { UsageError } from './usage-error.js';
import { DataFileError } from './persistence/errors.js';

const usage = `medsched-server: the medsched reference server

  medsched-server [serve] [--port 4010] [--host 127.0.0.1] [--seed demo|empty]
                  [--admin-secret S] [--token-secret S] [--rate-limit N | N/SECONDS]
                  [--app-url URL] [--web-url URL] [--link-secret S]
                  [--cors-origins "http://localhost:*,https://app.example.com" | "*" | none]
                  [--data FILE] [--demo-keys on|off] [--public-url URL] [--max-bake-entries 10000]
                  [--auth-failure-limit 30 | 30/60 | off]
                  [--header-timeout 10] [--body-timeout 30] [--idle-timeout 5] [--send-timeout 30]
                  [--max-connections-per-client 256]
                  [--idempotency-mb 64] [--idempotency-credential-mb 8] [--idempotency-ttl 86400]
                  [--quota-entries 100000] [--quota-mb 100] [--journal-compact-mb 16]
                  [--allowed-hosts "api.example.com,.example.org" | all]
                  [--scenario FILE]   (seed data recorded by proxy --record, instead of --seed)
  medsched-server proxy --target URL [--port 4020] [--record DIR] [--violations FILE] [--redact-emails]
                        [--redact-fields NAMES] [--allowed-hosts NAMES] [--max-log-mb 64]
                        [--max-in-flight 32] [--max-in-flight-per-client 8] [--max-body-mb 16]
                        [--upstream-timeout 30] [--queue-timeout 10]   (proxy --help)
  medsched-server credentials [--json] [--data FILE] [--demo-keys on]   (none with --data or MEDSCHED_DATA, unless --demo-keys on)
  medsched-server token --email X [--ttl 60]
  medsched-server keys create --email X [--description D] [--organization ID]
  medsched-server keys revoke --id ID | --key msk_…
  medsched-server keys list --email X
  medsched-server devices register --organization ID --name N --serial S [--patient ID] [--alarm]
  medsched-server devices event --device ID --type T [--payload JSON]

Every serve flag can also be set as MEDSCHED_<FLAG> (--quota-mb 50 = MEDSCHED_QUOTA_MB=50);
flags win. Limits, with the defaults shown above (README, "Limits"):
  --header-timeout, --body-timeout, --idle-timeout, --send-timeout   seconds per connection phase
  --idempotency-mb, --idempotency-credential-mb   MiB of answers kept for Idempotency-Key replays,
                  all together and per credential (a credential forgets its own oldest first)
  --idempotency-ttl   seconds an answer is kept for replay
  --quota-entries, --quota-mb   calendar entries and MiB of JSON per organization; past them 409
                  calendar_entry_quota_exceeded / storage_quota_exceeded
  --journal-compact-mb   with --data: journal MiB past which the file is compacted while running
  Bodies: 1 MiB (413, the rest read and dropped within --body-timeout so that clients see the problem).
  --allowed-hosts   Host names answered besides localhost, *.localhost, IP addresses and the names of
                  --host, --public-url, --app-url, --web-url (.example.com: it and every name under
                  it; all: no check); any other Host is answered 421 (DNS rebinding, README "Security")

Commands other than serve and credentials talk to a running server: --url, or --host/--port,
or MEDSCHED_URL; admin commands need --admin-secret or MEDSCHED_ADMIN_SECRET.`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      url: { type: 'string' },
      'admin-secret': { type: 'string' },
      'token-secret': { type: 'string' },
      'rate-limit': { type: 'string' },
      data: { type: 'string' },
      'public-url': { type: 'string' },
      'max-bake-entries': { type: 'string' },
      'auth-failure-limit': { type: 'string' },
      'header-timeout': { type: 'string' },
      'body-timeout': { type: 'string' },
      'idle-timeout': { type: 'string' },
      'send-timeout': { type: 'string' },
      'max-connections-per-client': { type: 'string' },
      'demo-keys': { type: 'string' },
      'quota-entries': { type: 'string' },
      'quota-mb': { type: 'string' },
      'journal-compact-mb': { type: 'string' },
      'idempotency-mb': { type: 'string' },
      'idempotency-credential-mb': { type: 'string' },
      'idempotency-ttl': { type: 'string' },
      'app-url': { type: 'string' },
      'web-url': { type: 'string' },
      'link-secret': { type: 'string' },
      'cors-origins': { type: 'string' },
      json: { type: 'boolean' },
      email: { type: 'string' },
      ttl: { type: 'string' },
      description: { type: 'string' },
      organization: { type: 'string' },
      id: { type: 'string' },
      key: { type: 'string' },
      name: { type: 'string' },
      serial: { type: 'string' },
      patient: { type: 'string' },
      alarm: { type: 'boolean' },
      device: { type: 'string' },
      type: { type: 'string' },
      payload: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      target: { type: 'string' },
      record: { type: 'string' },
      violations: { type: 'string' },
      'redact-emails': { type: 'boolean' },
      scenario: { type: 'string' },
      'allowed-hosts': { type: 'string' },
      'redact-fields': { type: 'string' },
      'max-log-mb': { type: 'string' },
      'max-in-flight': { type: 'string' },
      'max-in-flight-per-client': { type: 'string' },
      'max-body-mb': { type: 'string' },
      'upstream-timeout': { type: 'string' },
      'queue-timeout': { type: 'string' },
    },
  });
  const [command = 'serve', action] = positionals;
  const target = { origin: '', adminSecret: values['admin-secret'] };
  const withServer = () => ({ ...target, origin: serverOrigin(values) });

  if (values.help) {
    console.log(command === 'proxy' ? proxyUsage : usage);
    return;
  }
  switch (command) {
    case 'serve':
      return serve({
        ...values,
        adminSecret: values['admin-secret'],
        tokenSecret: values['token-secret'],
        rateLimit: values['rate-limit'],
        appUrl: values['app-url'],
        webUrl: values['web-url'],
        linkSecret: values['link-secret'],
        corsOrigins: values['cors-origins'],
        publicUrl: values['public-url'],
        maxBakeEntries: values['max-bake-entries'],
        authFailureLimit: values['auth-failure-limit'],
        headerTimeout: values['header-timeout'],
        bodyTimeout: values['body-timeout'],
        idleTimeout: values['idle-timeout'],
        sendTimeout: values['send-timeout'],
        maxConnectionsPerClient: values['max-connections-per-client'],
        demoKeys: values['demo-keys'],
        idempotencyMb: values['idempotency-mb'],
        idempotencyCredentialMb: values['idempotency-credential-mb'],
        idempotencyTtl: values['idempotency-ttl'],
        quotaEntries: values['quota-entries'],
        quotaMb: values['quota-mb'],
        journalCompactMb: values['journal-compact-mb'],
        scenario: values.scenario,
        allowedHosts: values['allowed-hosts'],
      });
    case 'proxy':
      return runProxy({
        target: values.target,
        port: values.port,
        host: values.host,
        record: values.record,
        violations: values.violations,
        redactEmails: values['redact-emails'],
        redactFields: values['redact-fields'],
        maxLogMb: values['max-log-mb'],
        allowedHosts: values['allowed-hosts'],
        maxInFlight: values['max-in-flight'],
        maxInFlightPerClient: values['max-in-flight-per-client'],
        maxBodyMb: values['max-body-mb'],
        upstreamTimeout: values['upstream-timeout'],
        queueTimeout: values['queue-timeout'],
      });
    case 'credentials':
      // The demo keys a --data server refuses are not listed (the same flags and variables as serve).
      return printCredentials(values.json ?? false, values['demo-keys'] === 'on' ? undefined : (values.data ?? (process.env.MEDSCHED_DATA || undefined)));
    case 'token':
      return mintToken(withServer(), values.email, values.ttl);
    case 'keys':
      return runKeysCommand(withServer(), action, values);
    case 'devices':
      return runDevicesCommand(withServer(), action, values);
    default:
      throw new UsageError(`unknown command ${command}\n\n${usage}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
    console.error(`medsched-server: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof DataFileError) {
    console.error(`medsched-server: ${error.message}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
