import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { org1 } from './support/demo.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';
import type { PdfLink } from '@medsched/sdk';

// Each test starts medsched-server processes on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * A data file written by the server before issue 19 (see test/fixtures/README.md), holding
 * entries whose time category is `constructor`, `__proto__`, `Constructor`, `toString` and
 * `valueOf`: the organization it poisoned recovers. It loads, lists, bakes and prints.
 */
const fixture = fileURLToPath(new URL('./fixtures/poisoned-before-19.data', import.meta.url));
const directory = mkdtempSync(join(tmpdir(), 'medsched-poisoned-'));
const patient = org1.patient.userId;
let server: ServerProcess;
let origin: string;

beforeAll(async () => {
  const file = join(directory, 'sandbox.data');
  copyFileSync(fixture, file);
  server = await startServerBin(['--port', '0', '--data', file, '--demo-keys', 'on']);
  origin = new URL(server.url).origin;
});
afterAll(() => {
  server?.kill();
  rmSync(directory, { recursive: true, force: true });
});

const get = async <Body = unknown>(path: string) => {
  const response = await fetch(`${origin}${path}`, { headers: { 'x-api-key': org1.user.apiKey } });
  return { status: response.status, body: (await response.json()) as Body };
};

describe('a data file poisoned before the fix', () => {
  it('lists the organization and the patient: poisoned entries answered with their category as stored and the default start', async () => {
    for (const path of ['/v1/calendars/?limit=1000', `/v1/calendars/?patient=${patient}&limit=1000`]) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      const poisoned = (body as Array<{ timeCategory?: string; startTime: string }>).filter((entry) =>
        ['constructor', '__proto__', 'Constructor', 'toString', 'valueOf'].includes(entry.timeCategory ?? ''),
      );
      expect(poisoned.map((entry) => entry.timeCategory).sort()).toEqual(['Constructor', 'Constructor', '__proto__', '__proto__', 'constructor', 'constructor', 'toString', 'valueOf'].sort());
      for (const entry of poisoned) expect(entry.startTime).toBe('08:00');
    }
  });

  it('repairs the poisoned entries through the API: a PATCH with a valid category', async () => {
    const { body } = await get(`/v1/calendars/?patient=${patient}&limit=1000`);
    const entry = (body as Array<{ id: string; timeCategory?: string; baked: boolean }>).find((candidate) => candidate.timeCategory === 'valueOf' && !candidate.baked);
    expect(entry).toBeDefined();
    const patched = await fetch(`${origin}/v1/calendars/${entry!.id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': org1.user.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ timeCategory: 'evening' }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ timeCategory: 'evening', startTime: '18:00' });
  });
  it('bakes the organization, including the poisoned series, and prints the plan', async () => {
    const bake = await fetch(`${origin}/v1/calendars/bake`, {
      method: 'POST',
      headers: { 'x-api-key': org1.user.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ updateAllPatients: true, from: '2026-11-30', to: '2026-12-06' }),
    });
    expect(bake.status).toBe(200);
    const result = (await bake.json()) as { data: Array<{ name?: string; patient: string; bakedAt: string }> };
    expect(result.data.filter((entry) => entry.name === 'poison series')).toHaveLength(6);
    // The bakedAt a client forged before the fix is replaced by the real bake's time.
    const forged = result.data.find((entry) => entry.name === 'forged bake')!;
    expect(forged.bakedAt).not.toBe('2020-01-01T00:00:00.000Z');

    const page = `https://app.medsched.test/patients/${patient}/plan?from=2026-11-30&to=2026-12-06`;
    const { status, body } = await get<PdfLink>(`/v1/pdf/?urlPath=${encodeURIComponent(page)}`);
    expect(status).toBe(200);
    const pdf = await fetch(body.signed);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });
});
