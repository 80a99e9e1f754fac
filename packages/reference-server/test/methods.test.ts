import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { org1 } from './support/demo.js';
import { operationCalls } from './support/operations.js';
import { startServerBin, type ServerProcess } from './support/server-bin.js';

// Each test starts medsched-server processes on two shared cores: well over vitest's 5 s default.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/**
 * HEAD for every GET route, pages and PDF links included: the GET's status and headers
 * (content-length too), no body. Every other method a path does not take: 405 with `Allow`.
 * Against the built `medsched-server`, over HTTP.
 */
let server: ServerProcess;
let origin: string;
const admin = { 'x-api-key': org1.admin.apiKey };
let pdfLink: string;

beforeAll(async () => {
  server = await startServerBin(['--port', '0', '--seed', 'demo']);
  origin = new URL(server.url).origin;
  const page = `https://app.medsched.test/patients/${org1.patient.userId}/plan?from=2026-01-05&to=2026-01-11`;
  const signed = await fetch(`${origin}/v1/pdf/?urlPath=${encodeURIComponent(page)}`, { headers: admin });
  pdfLink = ((await signed.json()) as { signed: string }).signed;
});
afterAll(() => server?.kill());

/** Headers a HEAD must repeat from its GET (request ids and dates differ by nature). */
const comparedHeaders = ['content-type', 'content-length', 'x-total-count', 'link', 'allow', 'cache-control', 'content-security-policy', 'www-authenticate'];

async function compareHeadWithGet(url: string, headers: Record<string, string> = {}) {
  const get = await fetch(url, { headers });
  const getBody = new Uint8Array(await get.arrayBuffer());
  const head = await fetch(url, { method: 'HEAD', headers });
  const headBody = new Uint8Array(await head.arrayBuffer());
  expect(head.status, `HEAD ${url}`).toBe(get.status);
  for (const name of comparedHeaders) expect(head.headers.get(name), `HEAD ${url}: ${name}`).toBe(get.headers.get(name));
  expect(Number(head.headers.get('content-length')), `HEAD ${url}`).toBe(getBody.length);
  expect(headBody.length).toBe(0);
  return get.status;
}

describe('HEAD', () => {
  const gets = operationCalls('admin').filter((call) => call.method === 'GET');

  it.each(gets.map((call) => [call.id, call.path] as const))('%s answers as its GET, without a body', async (_id, path) => {
    expect(await compareHeadWithGet(`${origin}${path}`, admin)).toBe(200);
  });

  it('the same for a refused GET (401) and an unknown record (404)', async () => {
    expect(await compareHeadWithGet(`${origin}/v1/calendars/`)).toBe(401);
    expect(await compareHeadWithGet(`${origin}/v1/calendars/ffffffffffffffffffffffff`, admin)).toBe(404);
  });

  it.each(['/', '/reference', '/openapi.json', '/favicon.ico', '/reference/swagger-ui.css'])('page %s', async (path) => {
    expect(await compareHeadWithGet(`${origin}${path}`)).toBe(200);
  });

  it('a signed PDF link', async () => {
    expect(await compareHeadWithGet(pdfLink)).toBe(200);
  });
});

describe('405 with Allow for methods a path does not take', () => {
  it.each([
    ['PUT', '/v1/calendars/', 'GET, POST, HEAD'],
    ['DELETE', `/v1/organizations/${org1.id}`, 'GET, PATCH, HEAD'],
    ['PUT', `/v1/calendars/${org1.entryOf.patient}`, 'GET, POST, PATCH, HEAD'],
    ['POST', `/v1/devices/events/${org1.deviceOf.patient}`, 'GET, HEAD'],
  ])('%s %s', async (method, path, allow) => {
    const answer = await fetch(`${origin}${path}`, { method, headers: admin });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')?.split(', ').sort()).toEqual(allow.split(', ').sort());
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
  });

  it.each(['PUT', 'POST', 'DELETE', 'PATCH'])('%s on the pages and a PDF link', async (method) => {
    for (const url of ['/', '/reference', '/openapi.json', '/favicon.ico', '/reference/swagger-ui.css', pdfLink].map((path) => (path.startsWith('http') ? path : `${origin}${path}`))) {
      const answer = await fetch(url, { method });
      expect(answer.status, `${method} ${url}`).toBe(405);
      expect(answer.headers.get('allow'), `${method} ${url}`).toBe('GET, HEAD');
    }
  });
});
