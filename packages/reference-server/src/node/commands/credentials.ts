import { demoCredentials } from '../../seed/index.js';

/** `medsched-server credentials [--json]`: the demo users and their API keys (no server needed). */
export function printCredentials(json: boolean): void {
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
