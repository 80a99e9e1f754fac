/**
 * The OpenAPI document as a generator's input: openapi-typescript turns dist/openapi.json into
 * types, and a client written with openapi-fetch against them must compile, with the contract's
 * rules intact: the bake body is one of its targets (not both), `offset` may be null, and a
 * PATCH may carry an Idempotency-Key. Each `@ts-expect-error` must still find its error.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { expect, it } from 'vitest';

const dir = fileURLToPath(new URL('../node_modules/.cache/openapi-client/', import.meta.url));

const client = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

const api = createClient<paths>({ baseUrl: 'http://127.0.0.1:4010/v1', headers: { 'x-api-key': 'k' } });
const patient = '65a1f0c2e4b0a1b2c3d4e5f6';
type BakeCreate = components['schemas']['BakeCreate'];

export const one: BakeCreate = { patient, from: '2026-11-23', to: '2026-11-29' };
export const all: BakeCreate = { updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' };
export const org: BakeCreate = { updateAllPatients: true, organization: patient, from: '2026-11-23', to: '2026-11-29' };
// @ts-expect-error patient and updateAllPatients together
export const both: BakeCreate = { patient, updateAllPatients: true, from: '2026-11-23', to: '2026-11-29' };
// @ts-expect-error an organization beside a patient
export const patientAndOrg: BakeCreate = { patient, organization: patient, from: '2026-11-23', to: '2026-11-29' };

export async function calls() {
  const baked = await api.POST('/calendars/bake', { body: { patient, from: '2026-11-23', to: '2026-11-29' } });
  const page = await api.GET('/calendars/', { params: { query: { patient, offset: null, limit: 10, sortBy: 'date:desc' } } });
  const patched = await api.PATCH('/calendars/{calendarId}', {
    params: { path: { calendarId: patient }, header: { 'Idempotency-Key': 'job-1' } },
    body: { amount: 2 },
  });
  const created = await api.POST('/calendars/', { params: { header: { 'Idempotency-Key': 'job-2' } }, body: { patient, name: 'Metformin', colour: 'blue' } });
  return [baked.data?.data.length, page.data?.[0]?.title, patched.data?.amount, created.data?.id];
}
`;

it('a client generated with openapi-typescript and written with openapi-fetch compiles against the document', async () => {
  const document = JSON.parse(readFileSync(fileURLToPath(new URL('../dist/openapi.json', import.meta.url)), 'utf8')) as OpenAPI3;
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}api.ts`, astToString(await openapiTS(document)));
  writeFileSync(`${dir}client.ts`, client);
  const program = ts.createProgram([`${dir}client.ts`], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file?.fileName.split('/').pop()}:${d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : '?'} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  expect(diagnostics).toEqual([]);
}, 120_000);
