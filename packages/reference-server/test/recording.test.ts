import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { startProxy } from '../src/node/proxy/proxy-server.js';
import { RecordingRedactor } from '../src/node/proxy/recording-redactor.js';
import { parseScenario } from '../src/scenario/scenario.js';
import { org1 } from './support/demo.js';
import { startTestServer, withKey } from './support/server.js';
import { testTempDir } from '../../../scripts/test-temp-dir.mjs';

// What `proxy --record` writes (issue 33): personal data in `meta` and named fields, tokens in
// query strings and credentials in headers stay out; the files are for their owner only.
let target: RunningServer;
beforeAll(async () => {
  target = await startTestServer();
});
afterAll(() => target.close());

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjbGFyYSJ9.c2lnbmF0dXJlLXNlY3JldA';

describe('a recording', () => {
  it('holds no named field, no meta, no query token and no API key; files are mode 0600 in a 0700 directory', async () => {
    const dir = join(testTempDir('medsched-record-'), 'recorded');
    const proxy = await startProxy({ target: target.url, port: 0, record: dir, redactEmails: true, redactFields: ['meta', 'name'] });
    const secrets = ['Clara Sonnenschein', '1941-03-02', 'A123456789', 'clara.private@example.com', jwt, org1.admin.apiKey];
    try {
      const created = await fetch(`${proxy.url}/users/`, {
        method: 'POST',
        headers: { ...withKey(org1.admin.apiKey), 'content-type': 'application/json' },
        body: JSON.stringify({
          organization: org1.id,
          role: 'patient',
          name: 'Clara Sonnenschein',
          email: 'clara.private@example.com',
          timezone: 'UTC',
          meta: { dateOfBirth: '1941-03-02', insuranceNumber: 'A123456789' },
        }),
      });
      expect(created.status).toBe(201);
      const read = await fetch(`${proxy.url}/users/?organization=${org1.id}&access_token=${jwt}&API-KEY=${encodeURIComponent(org1.admin.apiKey)}`, { headers: withKey(org1.admin.apiKey) });
      expect(read.status).toBeLessThan(500);
      // The client gets the answer unchanged: redaction is for what is written only.
      expect(await created.json()).toMatchObject({ name: 'Clara Sonnenschein', meta: { insuranceNumber: 'A123456789' } });
    } finally {
      await proxy.close();
    }
    const exchanges = readFileSync(join(dir, 'exchanges.jsonl'), 'utf8');
    const scenario = readFileSync(join(dir, 'scenario.json'), 'utf8');
    for (const text of [exchanges, scenario]) for (const secret of secrets) expect(text, secret).not.toContain(secret);
    const lines = exchanges
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { path: string; requestBody: Record<string, unknown> | null; responseBody: unknown });
    expect(lines[0]!.requestBody).toMatchObject({ name: '[redacted]', meta: { '[redacted]': true }, role: 'patient' });
    expect(lines[1]!.path).toBe(`/v1/users/?organization=${org1.id}&access_token=%5Bredacted%5D&API-KEY=%5Bredacted%5D`);
    // The scenario still loads.
    expect(() => parseScenario(JSON.parse(scenario))).not.toThrow();
    for (const file of ['exchanges.jsonl', 'scenario.json']) expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });
});

describe('RecordingRedactor', () => {
  it('always takes credential query parameters out, whatever their spelling', () => {
    const redactor = new RecordingRedactor();
    expect(redactor.search('?limit=5&access_token=abc&Api_Key=k&key=g&refreshToken=r&signature=s&search=Clara')).toBe(
      '?limit=5&access_token=%5Bredacted%5D&Api_Key=%5Bredacted%5D&key=%5Bredacted%5D&refreshToken=%5Bredacted%5D&signature=%5Bredacted%5D&search=Clara',
    );
    expect(redactor.search('?acc%65ss_token=abc&%zz=1')).toBe('?acc%65ss_token=%5Bredacted%5D&%zz=1');
    expect(new RecordingRedactor(['search']).search('?search=Clara')).toBe('?search=%5Bredacted%5D');
  });

  it('property: a named field holds no original text at any depth', () => {
    const redactor = new RecordingRedactor(['secretField']);
    const marker = 'PERSONAL-DATA';
    const json = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('a', 'secretField', 'secret_field', 'SECRET-FIELD', '__proto__', 'b'), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    // Each redacted field gets the marker inside; nothing else does.
    const plant = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(plant);
      if (value === null || typeof value !== 'object') return value;
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(value)) Object.defineProperty(out, name, { value: /secret.?field/i.test(name) ? { deep: [marker, plant(field)] } : plant(field), enumerable: true });
      return out;
    };
    fc.assert(
      fc.property(json, (value) => {
        const redacted = JSON.stringify(redactor.body(plant(value)));
        expect(redacted ?? '').not.toContain(marker);
      }),
      { numRuns: 500 },
    );
  });
});
