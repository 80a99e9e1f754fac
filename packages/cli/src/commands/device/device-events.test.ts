import type { DeviceEvent } from '@medsched/sdk';
import { demoId } from '@medsched/reference-server';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { pressCtrlC, runCli, spawnCli, tempConfigDir, waitForOutput } from '../../../test/support/run-cli.js';
import { expectNoSecretsInTranscript } from '../../../test/support/secrets.js';
import { demoUser, postDeviceEvent, startTestServer } from '../../../test/support/test-server.js';

// The first demo patient's dispenser, seeded with activate, state, state events on 2026-01-01.
const deviceId = demoId(4, 1);
let server: RunningServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: demoUser(0, 'user').apiKey };
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

describe('device events', () => {
  it('lists events as JSON when piped, filtered by type', async () => {
    const all = await runCli(['device', 'events', deviceId], env);
    expect(all.code, all.stderr).toBe(0);
    expect((JSON.parse(all.stdout) as DeviceEvent[]).map((event) => event.type)).toEqual(['activate', 'state', 'state']);
    const states = JSON.parse((await runCli(['device', 'events', deviceId, '--type', 'state'], env)).stdout) as DeviceEvent[];
    expect(states).toHaveLength(2);
  });

  it('filters by time with --since (inclusive) and --until (exclusive), echoing both, as a table', async () => {
    const result = await runCli(['device', 'events', deviceId, '--since', '2026-01-01T09:00:00Z', '--until', '2026-01-01T10:00:00Z', '--output', 'table'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Events since 2026-01-01T09:00:00Z = 2026-01-01T09:00:00.000Z');
    expect(result.stdout).toMatch(/^TIMESTAMP\s+TYPE\s+ID\s+PAYLOAD\n.*state.*\n$/);
    // No zone chosen (the machine is in UTC here): the organization's, said so, with the offset in each time.
    expect(result.stderr).toMatch(/Zone Europe\/Berlin: .+'s \(set another with --tz/);
    expect(result.stdout).toMatch(/^2026-01-01T10:\d{2}:\d{2}\+01:00\s+state/m);
    const day = await runCli(['device', 'events', deviceId, '--since', '2025-12-31', '--until', '2025-12-31', '--tz', 'Europe/Berlin'], env);
    expect(day.stderr).toContain('until 2025-12-31 = 2025-12-31T23:00:00.000Z');
    expect(JSON.parse(day.stdout)).toHaveLength(0);
  });

  it('--follow prints only new events as they arrive and stops cleanly on SIGINT', async () => {
    const follow = spawnCli(['device', 'events', deviceId, '--follow', '--interval', '0.2', '--json'], env);
    // A failed wait must not leave the poller running after the suite.
    onTestFinished(() => {
      if (follow.exitCode === null) follow.kill('SIGKILL');
    });
    await waitForOutput(follow, (output) => output.stderr.includes('press Ctrl-C to stop'));
    const posted = await postDeviceEvent(server, deviceId, { type: 'dispense', payload: { slot: 3 } });
    await waitForOutput(follow, (output) => output.stdout.includes(posted.id));
    const second = await postDeviceEvent(server, deviceId, { type: 'state', payload: { battery: 40 } });
    await waitForOutput(follow, (output) => output.stdout.includes(second.id));
    const { code, stdout, stderr } = await pressCtrlC(follow);
    expect(code).toBe(0);
    expect(stderr).toContain('Stopped.');
    // JSON while following is one object per line; the seeded events are not repeated.
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as DeviceEvent);
    expect(lines.map((event) => event.id)).toEqual([posted.id, second.id]);
  });

  it('an unknown device is exit 5; a malformed id is exit 2 before any request', async () => {
    expect((await runCli(['device', 'events', demoId(4, 999)], env)).code).toBe(5);
    const malformed = await runCli(['device', 'events', 'not-an-id'], env);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('<device-id> must be an id of 24 lower-case hex characters');
    expect(malformed.stderr).not.toContain('path parameters');
  });
});
