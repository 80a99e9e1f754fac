import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

const patient = '64d002000000000000000003';

/**
 * Signed PDF links work in the mock as on the standalone server: `GET /v1/pdf/` signs, the link
 * (outside the base path) is answered by the same pipeline and the same PDF writer (pdf-lib with
 * the embedded fonts, bundled into this package). What the plan shows: the reference server's
 * plan-pdf.test.ts.
 */
describe('signed PDF links', () => {
  const mock = useMockApi();

  it('signs a plan page and serves its PDF, without a credential; a forged link is 403', async () => {
    const { client } = mock.as('user');
    await client.calendars.bake.create({ patient, from: '2026-11-23', to: '2026-11-29' });
    const { signed } = await client.pdf.sign(`https://app.medsched.test/patients/${patient}/plan?from=2026-11-23&to=2026-11-29`);
    expect(new URL(signed).pathname).toBe('/files/pdf');
    const answer = await fetch(signed);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(new TextDecoder('latin1').decode(bytes.subarray(0, 8))).toMatch(/^%PDF-1\.\d/);
    expect(bytes.length).toBeGreaterThan(5000);
    expect(mock.journal.last()).toMatchObject({ method: 'GET', outcome: 200 });
    // The forgery changes the signature's first character to a different one: a fixed replacement would
    // be the real link whenever the signature already began with it (1 time in 64).
    const forged = signed.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect(forged).not.toBe(signed);
    expect((await fetch(forged)).status).toBe(403);
  });
});
