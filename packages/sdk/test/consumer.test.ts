/**
 * The SDK as a user gets it: the packed tarball installed with plain npm in a fresh project
 * outside the workspace, imported from ESM and CommonJS, type-checked with tsc against the
 * installed package (node16 ESM and CJS), and used for real calls against the reference server.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, serverBuilt, startReferenceServer, type ServerProcess } from './support/reference-server.js';
import { sdkConsumerProject } from './support/sdk-consumer-project.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe.skipIf(!serverBuilt)('the packed SDK in a fresh npm project', () => {
  let project: string;
  let server: ServerProcess;
  let files: string[];

  beforeAll(async () => {
    // Packed once per test run, installed with plain npm once per run (consumer-exact.test.ts shares it).
    project = sdkConsumerProject();
    files = execFileSync('tar', ['-tzf', join(project, 'packs', 'medsched-sdk.tgz')], { encoding: 'utf8' }).split('\n');
    server = await startReferenceServer();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('ships the LICENSE, README, both formats, declarations and the OpenAPI document, and no sources or tests', () => {
    for (const file of [
      'LICENSE',
      'README.md',
      'package.json',
      'dist/THIRD-PARTY-NOTICES.md',
      'dist/index.js',
      'dist/index.cjs',
      'dist/index.d.ts',
      'dist/index.d.cts',
      'dist/schemas/index.js',
      'dist/schemas/index.cjs',
      'dist/openapi.json',
    ]) {
      expect(files).toContain(`package/${file}`);
    }
    expect(files.filter((file) => /\/(src|test)\//.test(file))).toEqual([]);
  });

  it('depends on ky, which the ESM build imports; the CommonJS build carries its own copy (ky is ESM only), with its licence', () => {
    const installed = (file: string) => readFileSync(join(project, 'node_modules/@medsched/sdk', file), 'utf8');
    expect((JSON.parse(installed('package.json')) as { dependencies: Record<string, string> }).dependencies.ky).toBe('1.14.3');
    // The entry points share their modules through chunks: ky is imported (ESM) or carried (CJS) by one of them.
    const built = readdirSync(join(project, 'node_modules/@medsched/sdk/dist')).filter((file) => /\.c?js$/.test(file));
    const esm = built.filter((file) => file.endsWith('.js')).map((file) => installed(`dist/${file}`));
    const cjs = built.filter((file) => file.endsWith('.cjs')).map((file) => installed(`dist/${file}`));
    expect(esm.some((code) => /from ['"]ky['"]/.test(code))).toBe(true);
    expect(cjs.filter((code) => /require\(['"]ky['"]\)/.test(code))).toEqual([]);
    expect(cjs.filter((code) => /\bimport\s*\(/.test(code))).toEqual([]);
    expect(installed('dist/THIRD-PARTY-NOTICES.md')).toContain('a copy of ky 1.14.3');
    expect(installed('dist/THIRD-PARTY-NOTICES.md')).toContain('Copyright (c) Sindre Sorhus');
  });

  it('ESM: imports, schemas as values, a call and its response metadata against the reference server', () => {
    const script = `
      import { createClient, CalendarEntry, operations, NotFoundError, sdkVersion } from '@medsched/sdk';
      import { UserRole } from '@medsched/sdk/schemas';
      import { seriesIntakes } from '@medsched/sdk/recurrence';
      const client = createClient({ baseUrl: ${JSON.stringify(server.url)}, apiKey: ${JSON.stringify(demo.adminKey)} });
      const page = await client.calendars.list({ patient: ${JSON.stringify(demo.patient)}, limit: 2 });
      const intakes = seriesIntakes({ rrule: 'FREQ=DAILY;BYHOUR=8,20', date: '2026-10-01', intakeTime: '08:00' }, { from: '2026-10-25', to: '2026-10-25', timeZone: 'Europe/Berlin' });
      const { data, status, headers } = await client.organizations.get(${JSON.stringify(demo.organization)}).withResponse();
      const missing = await client.medications.get('000000000000000000000000').catch((error) => error);
      console.log(JSON.stringify({
        items: page.items.length, total: page.total, parsed: CalendarEntry.safeParse(page.items[0]).success,
        operations: Object.keys(operations).length, roles: UserRole.options, org: data.name, status,
        requestId: headers.get('x-request-id') !== null, notFound: missing instanceof NotFoundError, version: typeof sdkVersion,
        intakes: intakes.map((intake) => intake.at),
      }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, encoding: 'utf8' })) as { total: number };
    expect(out).toMatchObject({
      items: 2,
      parsed: true,
      operations: 21,
      roles: ['admin', 'user', 'patient', 'onlyself'],
      org: 'Sonnen-Apotheke',
      status: 200,
      requestId: true,
      notFound: true,
      version: 'string',
      intakes: ['2026-10-25T07:00:00.000Z', '2026-10-25T19:00:00.000Z'],
    });
    expect(out.total).toBeGreaterThanOrEqual(2);
  });

  it('CJS: require of both entry points and a call', () => {
    const script = `
      const { createClient, CalendarEntry, ValidationError } = require('@medsched/sdk');
      const { operations } = require('@medsched/sdk/schemas');
      const { instantOf } = require('@medsched/sdk/recurrence');
      const client = createClient({ baseUrl: ${JSON.stringify(server.url)}, apiKey: ${JSON.stringify(demo.adminKey)} });
      client.calendars.bake.create({ from: '2026-01-01', to: '2026-01-02' }).catch((error) => {
        return client.organizations.get(${JSON.stringify(demo.organization)}).then((org) => {
          console.log(JSON.stringify({ validation: error instanceof ValidationError, org: org.name, schema: typeof CalendarEntry.parse, operations: Object.keys(operations).length, skipped: instantOf('2026-03-29', '02:30', 'Europe/Berlin').toISOString() }));
        });
      });`;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: project, encoding: 'utf8' })) as unknown;
    expect(out).toEqual({ validation: true, org: 'Sonnen-Apotheke', schema: 'function', operations: 21, skipped: '2026-03-29T01:30:00.000Z' });
  });

  it("Node resolves #schema-compiler to zod's compiler, other platforms to none; checks stay the same past the uses before compiling", () => {
    // Resolved as the SDK's own files resolve it: from inside the installed package, ESM and CJS.
    const script = (format: 'esm' | 'cjs') => `
      ${format === 'esm' ? "import { createRequire } from 'node:module'; import { createClient } from '@medsched/sdk';" : "const { createRequire } = require('node:module'); const { createClient } = require('@medsched/sdk');"}
      const inside = createRequire(${JSON.stringify(join(project, 'node_modules/@medsched/sdk/package.json'))});
      const { compileSchema } = inside('#schema-compiler');
      const plain = inside('./dist/schema-compiler/default.cjs');
      const z = inside('zod/mini');
      const schema = z.object({ a: z.string() });
      const client = createClient({ baseUrl: ${JSON.stringify(server.url)}, apiKey: ${JSON.stringify(demo.adminKey)} });
      const messages = [];
      (async () => {
        for (let i = 0; i < 12; i++) {
          await client.organizations.get(${JSON.stringify(demo.organization)});
          messages.push(await client.calendars.create({ patient: ${JSON.stringify(demo.patient)}, intaketime: '21:30' }).catch((error) => error.message));
        }
        console.log(JSON.stringify({ node: compileSchema(schema) !== schema, other: plain.compileSchema(schema) === schema, same: new Set(messages).size, message: messages[11] }));
      })();`;
    for (const format of ['esm', 'cjs'] as const) {
      const args = format === 'esm' ? ['--input-type=module', '-e', script(format)] : ['-e', script(format)];
      const out = JSON.parse(execFileSync(process.execPath, args, { cwd: project, encoding: 'utf8' })) as { message: string };
      expect(out).toMatchObject({ node: true, other: true, same: 1 });
      expect(out.message).toMatch(/"intaketime": did you mean "intakeTime"\?/);
    }
  });

  it('types check with tsc against the installed package, from ESM and from CJS (node16)', () => {
    const usage = `
      import { createClient, type BakeCreate, type CalendarEntry, type LoggerEntry } from '@medsched/sdk';
      import { CalendarEntryCreateInput } from '@medsched/sdk/schemas';
      import { seriesIntakes, type Intake } from '@medsched/sdk/recurrence';
      export const preview: Intake[] = seriesIntakes({ rrule: 'FREQ=DAILY', date: '2026-11-23', intakeTime: '08:00' }, { from: '2026-11-23', to: '2026-11-29', timeZone: 'Europe/Berlin' });
      const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: 'k', maxWait: 5000, validateRequests: true, logger: (entry: LoggerEntry) => { if (entry.type === 'retry-wait') console.log(entry.ms, entry.reason); } });
      export async function run(): Promise<number | undefined> {
        const entry: CalendarEntry = await client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6');
        const target: BakeCreate = { updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' };
        await client.calendars.bake.create(target, { maxRetries: 1 });
        const { headers } = await client.calendars.create(CalendarEntryCreateInput.parse({ patient: entry.patient, rrule: 'FREQ=DAILY' }), { idempotencyKey: 'job-1' }).withResponse();
        headers.get('idempotent-replayed');
        // @ts-expect-error a misspelt field is not declared
        const typo: string = entry.titel;
        return entry.amount ?? (typo ? 0 : undefined);
      }
    `;
    writeFileSync(join(project, 'usage.mts'), usage);
    writeFileSync(join(project, 'usage.cts'), usage.replace('export async function run', 'export async function runCjs'));
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'node16', moduleResolution: 'node16', target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ['es2022', 'dom'] },
        files: ['usage.mts', 'usage.cts'],
      }),
    );
    const result = (() => {
      try {
        return execFileSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? error);
      }
    })();
    expect(result).toBe('');
    // tsc with skipLibCheck false over zod's declarations took 82 s beside the ecosystem subset on a loaded two-core machine.
  }, 180_000);
});
