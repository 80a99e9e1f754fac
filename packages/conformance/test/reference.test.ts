import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConformance, conformanceRules, formatReport } from '../src/index.js';
import { demoCredentials as credentials, inProcessReference } from './support/in-process.js';
import { startServerProcess, type ServerProcess } from './support/server-process.js';

// The rules a deployment is measured by, run against the reference server: every rule must pass;
// one that fails is a bug in the rule or in the server.
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess();
});
afterAll(() => server?.stop());

function notPassed(report: Awaited<ReturnType<typeof checkConformance>>) {
  return report.results.filter((result) => result.status !== 'pass');
}

describe('the conformance rules against the reference server', () => {
  it('all pass, none skipped, with every credential given (over HTTP, its own process)', async () => {
    const report = await checkConformance({ baseUrl: server.url, credentials });
    expect(notPassed(report), formatReport(report)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.results.map((result) => result.id)).toEqual(conformanceRules.map((rule) => rule.id));
    expect(report.leftBehind).toMatch(/^scratch patient [0-9a-f]{24}/);
    expect(report.shapeViolations).toEqual([]);
    expect(report.organizations).toEqual({
      primary: { organization: '64d001000000000000000001', source: 'verified' },
      otherOrganization: { organization: '64d001000000000000000002', source: 'verified' },
    });
  });

  it('all pass for an admin credential too, run again on the same server (each run makes its own scratch patient)', async () => {
    const report = await checkConformance({ baseUrl: server.url, credentials: { ...credentials, primary: { apiKey: 'msk_demo_sonnen_admin' } } });
    expect(notPassed(report), formatReport(report)).toEqual([]);
  });

  it("all pass in-process too: the reference server's pipeline as the fetch, no socket", async () => {
    const reference = await inProcessReference();
    const report = await checkConformance({ baseUrl: reference.baseUrl, fetch: reference.fetch, credentials });
    expect(notPassed(report), formatReport(report)).toEqual([]);
  });

  it('all pass after a bake that expands a series: entries created in the same millisecond sort by the documented tie-break', async () => {
    const reference = await inProcessReference();
    const headers = { 'x-api-key': credentials.primary.apiKey, 'content-type': 'application/json' };
    const bake = await reference.fetch(`${reference.baseUrl}/calendars/bake`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ patient: '64d002000000000000000003', from: '2026-01-05', to: '2026-01-11' }),
    });
    expect(bake.status).toBe(200);
    // The precondition this test is about: the newest entries share a createdAt.
    const newest = (await (await reference.fetch(`${reference.baseUrl}/calendars/?limit=20&sortBy=createdAt:desc`, { headers })).json()) as Array<{ createdAt: string }>;
    expect(new Set(newest.map((entry) => entry.createdAt)).size).toBeLessThan(newest.length);
    const report = await checkConformance({ baseUrl: reference.baseUrl, fetch: reference.fetch, credentials });
    expect(notPassed(report), formatReport(report)).toEqual([]);
  });

  it('every rule names the section of the interface it comes from, and ids are unique', () => {
    for (const rule of conformanceRules) expect(rule.source.interface, rule.id).toMatch(/§\d/);
    expect(new Set(conformanceRules.map((rule) => rule.id)).size).toBe(conformanceRules.length);
  });
});
