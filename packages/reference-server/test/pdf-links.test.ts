import { BadRequestError, PermissionDeniedError } from '@medsched/sdk';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1, org2 } from './support/demo.js';
import { readPdf, readPdfTitle } from './support/pdf-reader.js';
import { bypassAppUrl, bypassWebUrl, pdfUrlBypasses } from './support/pdf-bypasses.js';
import { serverBin as bin, startServerBin } from './support/server-bin.js';
import { adminSecret, clientFor, raw, startTestServer, withKey } from './support/server.js';

/**
 * Signed PDF links (api-decisions.md, "PDF links") end to end: signing through the SDK,
 * fetching without credentials, tampering, expiry, the bypass list through the real route.
 */

const appUrl = 'https://app.example.test';
const webUrl = 'http://www.example.test:8080';
const ttlSeconds = 600;
// Whole seconds, so that the expiry falls exactly on a second the tests can reach.
let clock = Date.parse('2026-01-10T09:00:00.000Z');

let server: RunningServer; // custom app and web URLs, a clock the tests move
let other: RunningServer; // the default clock, for plans of real bakes
let bypassServer: RunningServer; // the origins the bypass list is written against

beforeAll(async () => {
  [server, other, bypassServer] = await Promise.all([
    startTestServer({ now: () => new Date(clock), pdf: { appUrl, webUrl, linkTtlSeconds: ttlSeconds } }),
    startTestServer({ pdf: { appUrl, webUrl } }),
    startTestServer({ pdf: { appUrl: bypassAppUrl, webUrl: bypassWebUrl } }),
  ]);
});
afterAll(() => Promise.all([server.close(), other.close(), bypassServer.close()]));

const staffOf = (target: RunningServer) => clientFor(target, { apiKey: org1.user.apiKey });

/** Fetches a link as a browser would: no credential. */
async function fetchLink(link: string) {
  const response = await fetch(link);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, type: response.headers.get('content-type'), bytes, text: Buffer.from(bytes).toString('latin1') };
}

function expectPdf(answer: Awaited<ReturnType<typeof fetchLink>>) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  expect(answer.type).toBe('application/pdf');
  expect(answer.text.startsWith('%PDF-')).toBe(true);
  expect(answer.text.trimEnd().endsWith('%%EOF')).toBe(true);
}

describe('signing and fetching', () => {
  it('signs pages on the configured app and web URLs; the link needs no credential and serves a PDF', async () => {
    const staff = staffOf(server);
    for (const page of [`${appUrl}/print/weekly?week=2`, `${webUrl}/leaflets/ibuprofen`, appUrl]) {
      const { signed } = await staff.pdf.sign(page);
      // Signed with an API key: the link names it (key=…), and dies with it.
      expect(signed.startsWith(`${server.origin}/files/pdf?url=${encodeURIComponent(page)}&key=`)).toBe(true);
      expect(signed).toMatch(/&expires=\d+&signature=[A-Za-z0-9_-]+$/);
      const answer = await fetchLink(signed);
      expectPdf(answer);
      expect(await readPdfTitle(answer.bytes)).toBe(`medsched: ${new URL(page).pathname}`);
    }
    // The defaults are not allowed once other URLs are configured; neither is the web URL without its port.
    await expect(staff.pdf.sign('https://app.medsched.test/print')).rejects.toBeInstanceOf(BadRequestError);
    await expect(staff.pdf.sign('http://www.example.test/leaflets')).rejects.toBeInstanceOf(BadRequestError);
  });

  it("a patient's plan page names the patient and its range; the grid itself: plan-pdf.test.ts", async () => {
    const range = { patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' };
    const page = `${appUrl}/patients/${org1.patient.userId}/plan?from=2026-01-05&to=2026-01-11`;

    await staffOf(server).calendars.bake.create(range);
    const first = await fetchLink((await staffOf(server).pdf.sign(page)).signed);
    expectPdf(first);
    expect(await readPdfTitle(first.bytes)).toBe('Medication plan: Clara Claus, 2026-01-05 to 2026-01-11');

    const staff = staffOf(other);
    const before = await fetchLink((await staff.pdf.sign(page)).signed);
    expectPdf(before);
    const lines = async (bytes: Uint8Array) => (await readPdf(bytes)).flatMap((pdfPage) => pdfPage.lines).join('\n');
    expect(await lines(before.bytes)).toContain('No baked entries in this range.');
    await staff.calendars.bake.create(range);
    const after = await fetchLink((await staff.pdf.sign(page)).signed);
    expectPdf(after);
    const text = await lines(after.bytes);
    for (const cell of ['Ramipril', 'Ibuprofen', 'Metformin', 'Before breakfast; on an empty', 'stomach']) expect(text).toContain(cell);
    // Another patient's entries are not in it.
    expect(text).not.toContain('Dieter Dorn');
  });

  it('the same link fetched again gives the same bytes while its data is unchanged, and the new data once it changed', async () => {
    const patient = org1.patient.userId;
    const page = `${appUrl}/patients/${patient}/plan?from=2026-02-02&to=2026-02-08`;
    const link = (await staffOf(server).pdf.sign(page)).signed;
    const lines = async (bytes: Uint8Array) => (await readPdf(bytes)).flatMap((pdfPage) => pdfPage.lines).join('\n');
    const first = await fetchLink(link);
    expectPdf(first);
    // The PDF prints the time it was drawn: a later fetch of unchanged data must not draw it anew.
    clock += 61_000;
    const again = await fetchLink(link);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    expect(await lines(first.bytes)).toContain('No baked entries in this range.');

    await staffOf(server).calendars.bake.create({ patient, from: '2026-02-02', to: '2026-02-08' });
    const changed = await fetchLink(link);
    expectPdf(changed);
    const text = await lines(changed.bytes);
    expect(text).not.toContain('No baked entries in this range.');
    expect(text).toContain('Ramipril');
  });

  it('a patient page of another organization: 403; signing is for staff only', async () => {
    const staff = staffOf(server);
    await expect(staff.pdf.sign(`${appUrl}/patients/${org2.patient.userId}/plan`)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.pdf.sign(`${appUrl}/patients/${org2.patient.userId}`)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.pdf.sign(`${appUrl}/patients/ffffffffffffffffffffffff/plan`)).rejects.toMatchObject({ status: 404 });
    await expect(clientFor(server, { apiKey: org2.admin.apiKey }).pdf.sign(`${appUrl}/patients/${org1.patient.userId}/plan`)).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(clientFor(server, { apiKey: org1.patient.apiKey }).pdf.sign(`${appUrl}/patients/${org1.patient.userId}/plan`)).rejects.toBeInstanceOf(PermissionDeniedError);
    expect((await raw(server, 'GET', `/v1/pdf/?urlPath=${encodeURIComponent(`${appUrl}/x`)}`)).status).toBe(401);
  });
});

describe('tampering and expiry', () => {
  /** A different character of the same kind, so that the link keeps its shape where it can. */
  function changed(char: string): string {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const index = alphabet.indexOf(char);
    if (/\d/.test(char)) return String((Number(char) + 1) % 10);
    return index === -1 ? 'A' : alphabet[(index + 1) % alphabet.length]!;
  }

  it('a changed byte anywhere in the url, the expiry or the signature: 403', async () => {
    const page = `${appUrl}/patients/${org1.patient.userId}/plan`;
    const { signed } = await staffOf(server).pdf.sign(page);
    expectPdf(await fetchLink(signed));
    const queryStart = signed.indexOf('?') + 1;
    const failures: string[] = [];
    for (let position = queryStart; position < signed.length; position++) {
      const tampered = signed.slice(0, position) + changed(signed[position]!) + signed.slice(position + 1);
      const { status } = await fetchLink(tampered);
      if (status !== 403) failures.push(`${status} at ${position}: ${tampered.slice(queryStart)}`);
    }
    expect(failures).toEqual([]);
  });

  it('a shortened, lengthened, reordered or borrowed link: 403', async () => {
    const staff = staffOf(server);
    const { signed } = await staff.pdf.sign(`${appUrl}/a`);
    const other = (await staff.pdf.sign(`${appUrl}/b`)).signed;
    const [base, query] = signed.split('?') as [string, string];
    const parts = new URLSearchParams(query);
    const signature = parts.get('signature')!;
    const variants = [
      signed.slice(0, -1),
      `${signed}A`,
      `${signed}AA`,
      `${signed}AAA`,
      `${signed}=`,
      `${signed}&x=1`,
      `${base}?expires=${parts.get('expires')}&url=${encodeURIComponent(`${appUrl}/a`)}&signature=${signature}`,
      `${base}?url=${encodeURIComponent(`${appUrl}/b`)}&expires=${parts.get('expires')}&signature=${signature}`,
      other.replace(/signature=.*$/, `signature=${signature}`),
      signed.replace(/expires=\d+/, `expires=${Number(parts.get('expires')) + 1}`),
      // The same expiry spelled with a leading zero (an equal number, different signed text).
      signed.replace(/expires=(\d+)/, 'expires=0$1'),
      signed.replace(/&signature=.*$/, ''),
      `${base}?url=${encodeURIComponent(`${appUrl}/a`)}`,
    ];
    for (const variant of variants) expect((await fetchLink(variant)).status, variant).toBe(403);
    expectPdf(await fetchLink(signed));
  });

  it('an expired link: 403; it works until then', async () => {
    const { signed } = await staffOf(server).pdf.sign(`${appUrl}/expiring`);
    const expires = Number(new URL(signed).searchParams.get('expires'));
    expect(expires * 1000).toBe(clock + ttlSeconds * 1000);
    const signedAt = clock;
    try {
      clock = signedAt + (ttlSeconds - 1) * 1000;
      expectPdf(await fetchLink(signed));
      clock = signedAt + ttlSeconds * 1000;
      const expired = await fetchLink(signed);
      expect(expired.status).toBe(403);
      expect(expired.text).toMatch(/expired/);
      clock = signedAt + 86_400_000;
      expect((await fetchLink(signed)).status).toBe(403);
    } finally {
      clock = signedAt + 1000;
    }
  });
});

describe('the bypass list through GET /v1/pdf/', () => {
  it(`refuses all ${pdfUrlBypasses.length} known bypass attempts with 400`, async () => {
    expect(pdfUrlBypasses.length).toBeGreaterThanOrEqual(30);
    const headers = withKey(org1.user.apiKey);
    const accepted: string[] = [];
    for (const url of pdfUrlBypasses) {
      const answer = await raw(bypassServer, 'GET', `/v1/pdf/?urlPath=${encodeURIComponent(url)}`, { headers });
      if (answer.status !== 400) accepted.push(`${answer.status} ${JSON.stringify(url)}`);
    }
    expect(accepted).toEqual([]);
    // The same server signs the allowed origins, so the 400s are the policy's doing.
    const staff = staffOf(bypassServer);
    for (const url of [`${bypassAppUrl}/plan`, 'https://www.medsched.test:8443/reports']) expect((await staff.pdf.sign(url)).signed).toContain('signature=');
    await expect(staff.pdf.sign(pdfUrlBypasses[0]!)).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe.skipIf(!existsSync(bin))('medsched-server --app-url --web-url', () => {
  it('sets the origins that links may point at', async () => {
    const server = await startServerBin(['--port', '0', '--app-url', 'https://app.bin.test/ignored/path', '--web-url', 'http://web.bin.test:8081', '--admin-secret', 'pdf-bin-secret']);
    const { url } = server;
    try {
      const sign = (page: string) => fetch(`${url}/pdf/?urlPath=${encodeURIComponent(page)}`, { headers: { 'x-api-key': org1.user.apiKey } });
      for (const page of ['https://app.bin.test/plan', 'http://web.bin.test:8081/x']) {
        const answer = await sign(page);
        expect(answer.status).toBe(200);
        expectPdf(await fetchLink(((await answer.json()) as { signed: string }).signed));
      }
      for (const page of ['https://app.medsched.test/plan', 'https://www.medsched.test/x', 'http://web.bin.test/x', 'http://app.bin.test/plan']) {
        expect((await sign(page)).status, page).toBe(400);
      }
      expect(await server.stop()).toBe(0);
    } finally {
      server.kill();
    }
  });
});

describe('link lifetimes', () => {
  it('a link signed for longer than the server issues them (e.g. under an older setting) is refused', async () => {
    const linkSecret = 'a-known-link-secret-for-this-test';
    const lived = await startTestServer({ pdf: { appUrl, signingSecret: linkSecret, linkTtlSeconds: 60 } });
    try {
      const { importSigningKey, signLink } = await import('../src/domain/pdf/link-signing.js');
      const key = await importSigningKey(linkSecret);
      const path = `/files/pdf?url=${encodeURIComponent(`${appUrl}/long`)}`;
      const link = async (lifetime: number) => {
        const expires = Math.floor(Date.now() / 1000) + lifetime;
        return `${lived.origin}${path}&expires=${expires}&signature=${await signLink(key, 'GET', path, expires)}`;
      };
      expect((await raw(lived, 'GET', (await link(30)).slice(lived.origin.length))).status).toBe(200);
      const tooLong = await raw(lived, 'GET', (await link(86_400)).slice(lived.origin.length));
      expect(tooLong.status).toBe(403);
      expect(tooLong.text).toMatch(/longer than this server issues/);
    } finally {
      await lived.close();
    }
  });
});

describe('a signed link and its signer (checked when the link is fetched)', () => {
  it("dies with the API key that signed it: revoked after signing, the link is 403; another key's links live on", async () => {
    const admin = { 'x-admin-secret': adminSecret, 'content-type': 'application/json' };
    const created = await fetch(`${other.origin}/dev/admin/keys`, { method: 'POST', headers: admin, body: JSON.stringify({ email: 'user@sonnen.example', description: 'pdf signer' }) });
    expect(created.status).toBe(201);
    const key = (await created.json()) as { id: string; apiKey: string };
    const signWith = async (apiKey: string) => {
      const answer = await fetch(`${other.url}/pdf/?urlPath=${encodeURIComponent(`${appUrl}/signer-check`)}`, { headers: { 'x-api-key': apiKey } });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { signed: string }).signed;
    };
    const byRevoked = await signWith(key.apiKey);
    const byOther = await signWith(org1.user.apiKey);
    expect(byRevoked).toContain(`&key=${key.id}`);
    expect((await fetch(byRevoked, { method: 'HEAD' })).status).toBe(200);

    const revoked = await fetch(`${other.origin}/dev/admin/keys/revoke`, { method: 'POST', headers: admin, body: JSON.stringify({ id: key.id }) });
    expect(revoked.status).toBe(200);
    const refused = await fetch(byRevoked);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/revoked/);
    expect((await fetch(byOther, { method: 'HEAD' })).status).toBe(200);
    // The key part is signed: taking it out of the link breaks the signature.
    expect((await fetch(byRevoked.replace(`&key=${key.id}`, ''))).status).toBe(403);
  });
});
