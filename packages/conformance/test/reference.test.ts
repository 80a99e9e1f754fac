import { createReferenceServer, fromFetchRequest, toFetchResponse } from '@medsched/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceRules, runConformance } from '../src/conformance/index.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

// The rules a deployment is measured by, run against the reference server as its own process:
// every rule must pass; one that fails is a bug in the rule or in the server.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(() => server?.stop());

const credentials = {
  primary: { apiKey: 'msk_demo_sonnen_user' },
  patient: { apiKey: 'msk_demo_sonnen_patient1' },
  otherOrganization: { apiKey: 'msk_demo_lindenhof_admin' },
};

/** The reference server's pipeline as a fetch: no socket. */
function inProcessFetch(reference: Awaited<ReturnType<typeof createReferenceServer>>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    return toFetchResponse(await reference.pipeline.handle(fromFetchRequest(request)), request.method);
  };
}

describe('the conformance rules against the reference server', () => {
  it('all pass, none skipped, with every credential given', async () => {
    const report = await runConformance({ baseUrl: server.url, credentials, readOnly: false });
    const notPassed = report.results.filter((result) => result.status !== 'pass');
    expect(notPassed, JSON.stringify(notPassed, null, 2)).toEqual([]);
    expect(report.results.map((result) => result.id)).toEqual(conformanceRules.map((rule) => rule.id));
    expect(report.leftBehind).toMatch(/^scratch patient [0-9a-f]{24}/);
  });

  it('all pass for an admin credential too, run again on the same server (each run makes its own scratch patient)', async () => {
    const report = await runConformance({ baseUrl: server.url, credentials: { ...credentials, primary: { apiKey: 'msk_demo_sonnen_admin' } }, readOnly: false });
    expect(report.results.filter((result) => result.status !== 'pass')).toEqual([]);
  });

  it("all pass in-process too: the reference server's pipeline as the fetch, no socket", async () => {
    const reference = await createReferenceServer({ seed: 'demo' });
    const inProcess = inProcessFetch(reference);
    const report = await runConformance({ baseUrl: 'http://reference.test/v1', credentials, readOnly: false, fetch: inProcess });
    expect(report.results.filter((result) => result.status !== 'pass')).toEqual([]);
    expect(report.results).toHaveLength(conformanceRules.length);
  });

  it('all pass after a bake that expands a series: entries created in the same millisecond sort by the documented tie-break', async () => {
    const reference = await createReferenceServer({ seed: 'demo' });
    const inProcess = inProcessFetch(reference);
    const headers = { 'x-api-key': credentials.primary.apiKey, 'content-type': 'application/json' };
    const bake = await inProcess('http://reference.test/v1/calendars/bake', { method: 'POST', headers, body: JSON.stringify({ patient: '64d002000000000000000003', from: '2026-01-05', to: '2026-01-11' }) });
    expect(bake.status).toBe(200);
    // The precondition this test is about: the newest entries share a createdAt.
    const newest = (await (await inProcess('http://reference.test/v1/calendars/?limit=20&sortBy=createdAt:desc', { headers })).json()) as Array<{ createdAt: string }>;
    expect(new Set(newest.map((entry) => entry.createdAt)).size).toBeLessThan(newest.length);
    const report = await runConformance({ baseUrl: 'http://reference.test/v1', credentials, readOnly: false, fetch: inProcess });
    expect(report.results.filter((result) => result.status !== 'pass')).toEqual([]);
  });

  it('every rule names the section of the interface it comes from', () => {
    for (const rule of conformanceRules) expect(rule.source.interface, rule.id).toMatch(/§\d/);
    expect(new Set(conformanceRules.map((rule) => rule.id)).size).toBe(conformanceRules.length);
  });
});
