/**
 * Exact types and their run-time twins, as a user gets them: the packed tarball installed with
 * npm in a fresh strict project. Each mistake of issue 20 is a file that must fail `tsc --noEmit`
 * (and the right forms a file that must pass), and the same mistakes are refused at run time,
 * naming the key, in calls over real HTTP against the reference server process.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, serverBuilt, startReferenceServer, type ServerProcess } from './support/reference-server.js';
import { sdkConsumerProject } from './support/sdk-consumer-project.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** What the scripts' `refused(promise)` prints for a call the SDK refused: the error's class, issue paths, message and status. */
interface Refusal {
  name: string;
  paths?: string[];
  message: string;
  status?: number;
}

/** What the misspelled-keys script prints: one refusal per mistaken call, and how many entries were stored meanwhile. */
interface RefusedCalls {
  created: Refusal;
  updated: Refusal;
  category: Refusal;
  owned: Refusal;
  sort: Refusal;
  role: Refusal;
  roleOnTheWire: Refusal;
  stored: number;
}

/** What the idempotency script prints: whether the replay returned the same entry, its header, and the merged query's page. */
interface ReplayAndMerge {
  same: boolean;
  replayed: string | null;
  items: number;
  total: number;
}
const id = '65a1f0c2e4b0a1b2c3d4e5f6';

/** One mistake per file: each must be a compile error in that file. */
const mustFail: Record<string, string> = {
  'create-misspelled-key': `void client.calendars.create({ patient: '${id}', intaketime: '21:30' });`,
  'update-misspelled-key': `void client.calendars.update('${id}', { amout: 2 });`,
  'replace-misspelled-key': `void client.calendars.replace('${id}', { nmae: 'Metformin' });`,
  'update-server-owned-field': `void client.calendars.update('${id}', { baked: true });`,
  'create-organization-is-the-servers': `void client.calendars.create({ patient: '${id}', organization: '${id}' });`,
  'bad-time-category': `void client.calendars.create({ patient: '${id}', timeCategory: 'mornin' });`,
  'bad-sort-field': `void client.calendars.list({ sortBy: 'titel:desc' });`,
  'bad-sort-second-key': `void client.users.list({ organization: '${id}', sortBy: 'name,emial' });`,
  'bad-role': `void client.users.list({ organization: '${id}', role: 'admn' });`,
  'idempotency-key-on-get': `void client.calendars.get('${id}', { idempotencyKey: 'job-1' });`,
  'idempotency-key-on-update': `void client.calendars.update('${id}', { amount: 2 }, { idempotencyKey: 'job-1' });`,
  'idempotency-key-on-bake': `void client.calendars.bake.create({ patient: '${id}', from: '2026-11-23', to: '2026-11-29' }, { idempotencyKey: 'job-1' });`,
  'output-typo-from-get': `export async function f() { return (await client.calendars.get('${id}')).titel; }`,
  'output-typo-from-iterate': `export async function f() { for await (const entry of client.calendars.iterate()) return entry.titel; }`,
  'output-typo-user': `export async function f() { return (await client.users.list({ organization: '${id}' })).items[0]?.nmae; }`,
};

const mustPass = `
  import { calendarEntryInput, CalendarEntry, createClient, timeCategories, unknownFields, userRoles, type CalendarEntryCreateInput, type UserRole } from '@medsched/sdk';
  const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'k' });
  export async function run(): Promise<unknown[]> {
    const body: CalendarEntryCreateInput = { patient: '${id}', intakeTime: '21:30', timeCategory: 'night', amount: 1, extra: { colour: 'blue' } };
    const { data: entry, headers } = await client.calendars.create(body, { idempotencyKey: 'job-1' }).withResponse();
    await client.calendars.update(entry.id, { amount: 2, extra: { shelf: 'B3' } });
    await client.calendars.replace(entry.id, { ...calendarEntryInput(entry), instruction: 'after food' });
    const page = await client.calendars.list({ sortBy: 'date:desc,startTime', role: 'patient' });
    const role: UserRole = userRoles[0];
    await client.users.list({ organization: '${id}', role, sortBy: 'name:asc' });
    const extra: Record<string, unknown> = unknownFields(CalendarEntry, entry);
    const category: string | undefined = entry.timeCategory;
    return [headers.get('idempotent-replayed'), page.items[0]?.title, extra, category, timeCategories.length];
  }
`;

describe.skipIf(!serverBuilt)('exact types and inputs of the packed SDK in a fresh strict project', () => {
  let project: string;
  let server: ServerProcess;

  beforeAll(async () => {
    // Packed once per test run, installed with plain npm once per run (consumer.test.ts shares it).
    project = sdkConsumerProject();
    mkdirSync(join(project, 'must-fail'), { recursive: true });
    server = await startReferenceServer();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('tsc --noEmit: every mistake is a compile error in its own file, and the right forms compile', () => {
    const header = `import { createClient } from '@medsched/sdk';\nconst client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'k' });\n`;
    for (const [name, line] of Object.entries(mustFail)) writeFileSync(join(project, 'must-fail', `${name}.mts`), `${header}${line}\n`);
    writeFileSync(join(project, 'must-pass.mts'), mustPass);
    const files = [...Object.keys(mustFail).map((name) => `must-fail/${name}.mts`), 'must-pass.mts'];
    // skipLibCheck: the declarations themselves are checked with tsc in consumer.test.ts (skipLibCheck
    // false, ESM and CJS); here it would check them and zod's again, 10 of this tsc's 13 s of CPU.
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, types: [], lib: ['es2022', 'dom'] }, files }),
    );
    const { stdout } = spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
    // Line 3 is the mistake; an error in the two lines of set-up would prove nothing.
    const failing = new Set([...stdout.matchAll(/^must-fail\/([\w-]+)\.mts\(3,\d+\): error/gm)].map((match) => match[1]));
    expect(stdout).not.toMatch(/^must-fail\/[\w-]+\.mts\([12],/m);
    expect([...failing].sort()).toEqual(Object.keys(mustFail).sort());
    // The only errors are the intended ones: one line per file, and nothing in must-pass.mts.
    expect(stdout.split('\n').filter((line) => line.startsWith('must-pass'))).toEqual([]);
  }, 120_000);

  /** Runs an ESM script in the project; its last stdout line is JSON, of the shape the script prints. */
  const runScript = <Printed>(body: string): Printed => {
    const script = `
      import { createClient, CalendarEntry, unknownFields, ValidationError, BadRequestError } from '@medsched/sdk';
      const client = createClient({ baseUrl: ${JSON.stringify(server.url)}, apiKey: ${JSON.stringify(demo.adminKey)}, maxRetries: 0 });
      const patient = ${JSON.stringify(demo.patient)};
      const refused = (promise) => promise.then(() => 'sent', (error) => ({ name: error.constructor.name, paths: error.issues?.map((issue) => issue.path), message: error.message, status: error.status }));
      ${body}`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' });
    return JSON.parse(out.trim().split('\n').pop()!) as Printed;
  };

  it('run time, over HTTP: misspelled keys and closed sets are refused naming the field, before anything is stored', () => {
    const out = runScript<RefusedCalls>(`
      const before = (await client.calendars.list({ patient, limit: 1 })).total;
      const created = await refused(client.calendars.create({ patient, name: 'Metformin', intaketime: '21:30' }));
      const entry = (await client.calendars.list({ patient, limit: 1 })).items[0];
      const updated = await refused(client.calendars.update(entry.id, { amout: 2 }));
      const category = await refused(client.calendars.create({ patient, timeCategory: 'mornin' }));
      const owned = await refused(client.calendars.update(entry.id, { extra: { baked: true } }));
      const sort = await refused(client.calendars.list({ sortBy: 'titel:desc' }));
      const role = await refused(client.users.list({ organization: ${JSON.stringify(demo.organization)}, role: 'admn' }));
      const roleOnTheWire = await refused(client.users.list({ organization: ${JSON.stringify(demo.organization)}, role: 'admn' }, { validateRequest: false }));
      const after = (await client.calendars.list({ patient, limit: 1 })).total;
      console.log(JSON.stringify({ created, updated, category, owned, sort, role, roleOnTheWire, stored: after - before }));
    `);
    expect(out.created).toMatchObject({ name: 'ValidationError' });
    expect(out.created.message).toContain('"intaketime": did you mean "intakeTime"?');
    expect(out.updated.message).toContain('"amout": did you mean "amount"?');
    expect(out.category).toMatchObject({ name: 'ValidationError', paths: ['timeCategory'] });
    expect(out.owned).toMatchObject({ name: 'ValidationError', paths: ['extra.baked'] });
    expect(out.sort).toMatchObject({ name: 'ValidationError', paths: ['sortBy'] });
    expect(out.role).toMatchObject({ name: 'ValidationError', paths: ['role'] });
    expect(out.roleOnTheWire).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(out.stored).toBe(0);
  }, 60_000);

  it('run time, over HTTP: extra keys go through `extra`, are stored, and come back through unknownFields()', () => {
    const out = runScript<unknown>(`
      const entry = await client.calendars.create({ patient, name: 'Vitamin D3', date: '2026-12-01', intakeTime: '21:30', extra: { colour: 'blue' } });
      const read = await client.calendars.get(entry.id);
      const updated = await client.calendars.update(entry.id, { amount: 2, extra: { shelf: 'B3' } });
      console.log(JSON.stringify({ startTime: read.startTime, extra: unknownFields(CalendarEntry, read), afterUpdate: unknownFields(CalendarEntry, updated), amount: updated.amount }));
    `);
    expect(out).toEqual({ startTime: '21:30', extra: { colour: 'blue' }, afterUpdate: { colour: 'blue', shelf: 'B3' }, amount: 2 });
  }, 60_000);

  it('run time, over HTTP: an Idempotency-Key on a create replays; request() merges query strings', () => {
    const out = runScript<ReplayAndMerge>(`
      const key = 'consumer-exact-' + Date.now();
      const body = { patient, name: 'Ibuprofen', date: '2026-12-02', intakeTime: '08:00' };
      const first = await client.calendars.create(body, { idempotencyKey: key }).withResponse();
      const again = await client.calendars.create(body, { idempotencyKey: key }).withResponse();
      const merged = await client.request({ method: 'GET', path: '/calendars/?patient=' + patient, query: { limit: 1 } }).withResponse();
      console.log(JSON.stringify({ same: first.data.id === again.data.id, replayed: again.headers.get('idempotent-replayed'), items: merged.data.length, total: Number(merged.headers.get('x-total-count')) }));
    `);
    expect(out.same).toBe(true);
    expect(out.replayed).toBe('true');
    expect(out.items).toBe(1);
    expect(out.total).toBeGreaterThan(1);
  }, 60_000);

  /** Runs a script that may end with an unhandled rejection: exit code and stderr. */
  const runFloating = (body: string) => {
    const script = `
      import { createClient } from '@medsched/sdk';
      const client = createClient({ baseUrl: ${JSON.stringify(server.url)}, apiKey: ${JSON.stringify(demo.adminKey)}, maxRetries: 0 });
      ${body}`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' });
    return { status: result.status, stderr: result.stderr };
  };

  it('a forgotten await on a failing call ends the process with the SDK error, for the data and for withResponse()', () => {
    const missing = `'000000000000000000000000'`;
    const data = runFloating(`client.medications.get(${missing});`);
    expect(data.status).not.toBe(0);
    expect(data.stderr).toMatch(/NotFoundError|not_found/);
    const response = runFloating(`client.medications.get(${missing}).withResponse();`);
    expect(response.status).not.toBe(0);
    expect(response.stderr).toMatch(/NotFoundError|not_found/);
    // Handled through withResponse() only: nothing is reported twice.
    const handled = runFloating(`client.medications.get(${missing}).withResponse().catch((error) => console.log(error.code));`);
    expect(handled).toEqual({ status: 0, stderr: '' });
  }, 60_000);

  it('a non-JSON error body (a proxy page) is kept on the error, with http_<status>', () => {
    const script = `
      import { createServer } from 'node:http';
      import { createClient } from '@medsched/sdk';
      const proxy = createServer((request, response) => { response.writeHead(502, { 'content-type': 'text/html' }); response.end('<html><body><h1>502 Bad Gateway</h1>nginx</body></html>'); });
      await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      const client = createClient({ baseUrl: 'http://127.0.0.1:' + proxy.address().port + '/v1', maxRetries: 0 });
      const error = await client.calendars.get('${id}').catch((error) => error);
      proxy.close();
      console.log(JSON.stringify({ code: error.code, status: error.status, body: error.body, message: error.message }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' })) as { message: string };
    expect(out).toMatchObject({ code: 'http_502', status: 502, body: '<html><body><h1>502 Bad Gateway</h1>nginx</body></html>' });
    expect(out.message).toContain('502 Bad Gateway nginx');
  }, 60_000);
});
