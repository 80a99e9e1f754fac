import { demoCredentials } from '../../seed/index.js';

/**
 * `medsched-server credentials [--json]`: the demo users and their published API keys (no server
 * needed). They work only on an in-memory loopback server (or one started with `--demo-keys on`):
 * with `--data` (`data` given, e.g. from MEDSCHED_DATA) they are refused, so none are listed and
 * the command says where the real keys are.
 */
export function printCredentials(json: boolean, data?: string): void {
  if (data !== undefined) {
    const reason = `a server with --data (${data}) refuses the published demo keys; its keys were printed at its first start (medsched-server keys create|list --admin-secret … makes or lists them)`;
    if (json) console.log(JSON.stringify([], null, 2));
    console.error(`medsched-server credentials: ${reason}`);
    return;
  }
  const credentials = demoCredentials();
  if (json) {
    console.log(JSON.stringify(credentials, null, 2));
    return;
  }
  const rows = credentials.map((c) => [c.email, c.role, c.organizationId, c.userId, c.apiKey]);
  const header = ['email', 'role', 'organizationId', 'userId', 'apiKey'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}
