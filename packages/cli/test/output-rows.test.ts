import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endLeftoverTerminals, runInTerminal } from './support/pseudo-terminal.js';
import { runCli, spawnCli, tempConfigDir, type CliResult } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let limited: RunningServer;
let env: Record<string, string>;
// The rate-limited servers' clocks stand still until a test moves them: whether a request falls
// into the same window must not depend on how fast the machine starts three CLI processes.
const windowStart = Date.parse('2026-01-05T09:00:00.000Z');
let limitedClock = windowStart;
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');
const dieter = demoUser(0, 'patient2');
const week = ['--from', '2026-01-05', '--to', '2026-01-07'];

beforeAll(async () => {
  server = await startTestServer();
  // Two requests per 2 s: the third waits for the window (Retry-After) instead of failing.
  limited = await startTestServer({ rateLimit: { limit: 2, windowSeconds: 2 }, now: () => new Date(limitedClock) });
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
});
afterAll(async () => {
  endLeftoverTerminals();
  await Promise.all([server.close(), limited.close()]);
  expectNoSecretsInTranscript();
});

describe('rows a spreadsheet can use', () => {
  it('bake prints one CSV row per baked intake, and the alarms as their own table', async () => {
    const bake = await runCli(['bake', '--patient', clara.userId, ...week, '--output', 'csv'], env);
    expect(bake.code, bake.stderr).toBe(0);
    const [header, ...rows] = bake.stdout.trim().split('\r\n');
    expect(header).toBe('date,time,utcOffset,timeZone,patient,patientId,medication,amount,unit,title,device,id');
    // Two one-off entries and three daily occurrences.
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatch(new RegExp(`^2026-01-05,08:00,UTC\\+01:00,Europe/Berlin,Clara Claus,${clara.userId},Ibuprofen 400 mg,1,tablet,Morning tablet,Dispenser of Clara Claus,`));
    expect(bake.stderr).toContain('Baked 5 entries from 2026-01-05 to 2026-01-07');

    const ndjson = await runCli(['bake', 'show', '--patient', clara.userId, ...week, '--output', 'ndjson'], env);
    const objects = ndjson.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(objects).toHaveLength(5);
    expect(objects[1]).toMatchObject({
      date: '2026-01-05',
      time: '08:00',
      patient: 'Clara Claus',
      patientId: clara.userId,
      medication: 'Ramipril 5 mg',
      amount: 1,
      unit: 'capsule',
      title: 'Daily dose',
    });

    const alarms = await runCli(['bake', 'show', '--patient', clara.userId, ...week, '--output', 'csv', '--alarms'], env);
    expect(alarms.stdout.split('\r\n')[0]).toBe('date,time,utcOffset,timeZone,device,deviceId,patient,patientId,entries');
    expect(alarms.stdout).toContain(`2026-01-05,08:00,UTC+01:00,Europe/Berlin,Dispenser of Clara Claus,64d004000000000000000001,Clara Claus,${clara.userId},2`);
    expect(alarms.stdout.trim().split('\r\n').length).toBeGreaterThan(1);
  });

  it('one entry reads "1 entry"', async () => {
    const bake = await runCli(['bake', '--patient', dieter.userId, '--from', '2026-01-07'], env);
    expect(bake.code, bake.stderr).toBe(0);
    expect(bake.stderr).toContain('Baked 1 entry from 2026-01-07 to 2026-01-07');
  });

  it('calendar list CSV has amount, unit, medication, rrule and seriesId', async () => {
    const list = await runCli(['calendar', 'list', '--patient', clara.userId, '--output', 'csv', '--all'], env);
    const [header, ...rows] = list.stdout.trim().split('\r\n');
    expect(header).toBe('id,date,time,utcOffset,timeZone,title,amount,unit,medication,medicationId,patient,patientId,rrule,seriesId,baked');
    // The medication's and the patient's names beside their ids.
    expect(rows).toContain(
      `64d005000000000000000003,2026-01-05,08:00,UTC+01:00,Europe/Berlin,Daily dose,1,capsule,Ramipril 5 mg,64d003000000000000000003,Clara Claus,${clara.userId},FREQ=DAILY,,false`,
    );
    expect(rows.some((row) => row.endsWith(',64d005000000000000000003,true'))).toBe(true);
  });

  it('--json id,date,amount keeps only those fields, in JSON and CSV', async () => {
    const json = await runCli(['calendar', 'list', '--patient', clara.userId, '--json', 'id,date,amount', '--limit', '1'], env);
    expect(JSON.parse(json.stdout)).toEqual([{ id: '64d005000000000000000001', date: '2026-01-05', amount: 1 }]);
    const csv = await runCli(['calendar', 'list', '--patient', clara.userId, '--fields', 'date,amount', '--output', 'csv', '--limit', '1'], env);
    expect(csv.stdout).toBe('date,amount\r\n2026-01-05,1\r\n');
    const unknown = await runCli(['calendar', 'list', '--json', 'id,dose', '--limit', '1'], env);
    expect(unknown.code).toBe(2);
    // Under --json the error is JSON on stderr too (one line a script can parse).
    expect((JSON.parse(unknown.stderr) as { error: unknown }).error).toMatchObject({ code: 'usage', exitCode: 2, message: 'unknown field "dose"' });
    // An id right after a bare --json would be read as its field list: said at once.
    const misplaced = await runCli(['calendar', 'get', '--json', '64d005000000000000000001'], env);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('put ids and names before --json');
  });
});

describe('server text never drives the terminal', () => {
  it('strips escape sequences and control characters from tables and CSV', async () => {
    const hostile = 'Red\u001b[31m title\u001b[0m\u001b]0;pwned\u0007\u0008!';
    const created = await runCli(['calendar', 'create', '--patient', dieter.userId, '--name', hostile, '--date', '2026-04-01', '--time', '08:00'], env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).not.toContain('\u001b');
    for (const format of ['table', 'csv']) {
      const list = await runCli(['calendar', 'list', '--patient', dieter.userId, '--all', '--output', format], env);
      expect(list.stdout).toContain('Red title!');
      expect(list.stdout).not.toMatch(/[\u0000-\u0008\u001b\u007f]/);
    }
    // JSON keeps the data as it is, escaped by JSON itself.
    const json = await runCli(['calendar', 'list', '--patient', dieter.userId, '--all', '--json', 'title'], env);
    expect(JSON.parse(json.stdout)).toContainEqual({ title: hostile });
  });

  it('--no-color applies to errors on a terminal', async () => {
    const coloured = runInTerminal(['calendar', 'get', 'xyz'], env);
    expect(await coloured.closed).toBe(2);
    expect(coloured.output()).toContain('\u001b[31merror:');
    const plain = runInTerminal(['calendar', 'get', 'xyz', '--no-color'], env);
    expect(await plain.closed).toBe(2);
    expect(plain.output()).toContain('error: <entry-id>');
    expect(plain.output()).not.toContain('\u001b[');
  });
});

/**
 * Runs the CLI and, once it says it waits, moves the server's clock past the window, as the
 * seconds it waits would: the retry then finds a new window however slow the machine is.
 */
async function runCliPastWaits(args: string[], cliEnvironment: Record<string, string>, moveClock: () => void): Promise<CliResult> {
  const child = spawnCli(args, cliEnvironment);
  child.stdin?.end('');
  let moved = false;
  child.stderr?.on('data', () => {
    if (!moved && /^Waiting /m.test(child.output().stderr)) {
      moved = true;
      moveClock();
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
  return { ...child.output(), code };
}

describe('long waits are told', () => {
  it('says on stderr what it waits for (429 Retry-After) and for how long, then succeeds', async () => {
    const limitedEnv = { ...env, MEDSCHED_BASE_URL: limited.url };
    for (let i = 0; i < 2; i++) expect((await runCli(['calendar', 'list', '--limit', '1'], limitedEnv)).code).toBe(0);
    const waited = await runCliPastWaits(['calendar', 'list', '--limit', '1'], limitedEnv, () => (limitedClock += 2000));
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stderr).toMatch(/Waiting \d+(\.\d)? s before trying GET \/calendars\/ again: the server is rate-limiting this credential \(429\)/);
    expect(JSON.parse(waited.stdout)).toHaveLength(1);
  });

  it('with --debug, tells the wait once and logs each attempt with its status and duration', async () => {
    // Its own server, one request per 2 s on a clock of its own: the first call takes it, the second waits for the window.
    let singleClock = windowStart;
    const single = await startTestServer({ rateLimit: { limit: 1, windowSeconds: 2 }, now: () => new Date(singleClock) });
    const singleEnv = { ...env, MEDSCHED_BASE_URL: single.url };
    const waited = await runCli(['calendar', 'list', '--limit', '1'], singleEnv)
      .then(() => runCliPastWaits(['calendar', 'list', '--limit', '1', '--debug'], singleEnv, () => (singleClock += 2000)))
      // oxlint-disable-next-line typescript/no-misused-promises -- finally waits for the promise its callback returns
      .finally(() => single.close());
    expect(waited.code, waited.stderr).toBe(0);
    expect(waited.stderr.match(/^Waiting /gm)).toHaveLength(1);
    const attempts = waited.stderr.split('\n').filter((line) => /^\S+Z debug: /.test(line));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    for (const line of attempts) expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z debug: GET \/calendars\/\?limit=1 → \d{3} in \d+ ms \(request /);
  });
});
