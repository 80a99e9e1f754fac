import { describe, expect, it } from 'vitest';
import { checkConformance, formatReport, type ConformanceReport } from '../src/index.js';
import {
  bakeDoesNotShow,
  drifted,
  entriesWithoutOrganization,
  eventsAcrossOrganizations,
  forbiddenAsNotFound,
  idempotencyIgnored,
  eventsIgnoreTypeFilter,
  eventsOutOfOrder,
  plainErrorBodies,
  renamedBaked,
  sortTiesUnbroken,
  staffListLeak,
  updatedAtFrozen,
  type Drift,
} from './support/drifts.js';
import { demoCredentials as credentials, inProcessReference } from './support/in-process.js';

// Each drifted deployment is the reference server (fresh demo data, in-process) with one behaviour
// changed: the rule that names it must fail, and the others must not raise a false alarm.

async function against(...drifts: Drift[]): Promise<ConformanceReport> {
  const reference = await inProcessReference();
  const fetch = drifts.reduce((inner, drift) => drifted(inner, drift), reference.fetch);
  return checkConformance({ baseUrl: reference.baseUrl, credentials, fetch });
}

/** The same with bearer tokens for the two staff credentials (their accounts name their organizations); `drift` gets the main one. */
async function againstWithTokens(drift: (main: { token: string }) => Drift[]): Promise<ConformanceReport> {
  const reference = await inProcessReference();
  const main = { token: await reference.tokenFor(credentials.primary.apiKey) };
  const other = { token: await reference.tokenFor(credentials.otherOrganization.apiKey) };
  const fetch = drift(main).reduce((inner, one) => drifted(inner, one), reference.fetch);
  return checkConformance({ baseUrl: reference.baseUrl, credentials: { ...credentials, primary: main, otherOrganization: other }, fetch });
}

/** The rules that did not pass, with their status and message. */
function notPassed(report: ConformanceReport): Record<string, string> {
  return Object.fromEntries(report.results.filter((result) => result.status !== 'pass').map((result) => [result.id, `${result.status}: ${result.message}`]));
}

const sonnen = '64d001000000000000000001';
const lindenhof = '64d001000000000000000002';

/** `expect.stringMatching`, typed: vitest's asymmetric matchers are `any`, and a report's values are strings. */
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);

describe('drifted deployments, each caught by the rule that names it', () => {
  it("a staff list that leaks another organization's entries on top of otherwise untouched data fails tenancy.list-scope, and nothing else", async () => {
    const report = await against(staffListLeak(credentials.primary, credentials.otherOrganization.apiKey));
    expect(report.ok).toBe(false);
    expect(notPassed(report)).toEqual({
      'tenancy.list-scope': matching(
        new RegExp(
          `^fail: GET /calendars/\\?limit=100&sortBy=createdAt%3Adesc → 200: the main credential's list holds calendar entry [0-9a-f]{24} of organization ${lindenhof}; the main credential belongs to ${sonnen}`,
        ),
      ),
    });
    // The organization did not come from the leaking list: it was read back.
    expect(report.organizations.primary).toEqual({ organization: sonnen, source: 'verified' });
  });

  it('the leak is caught the same with the organization given, and in read-only mode (no write, no account read)', async () => {
    for (const options of [{ organization: sonnen }, { readOnly: true }]) {
      const reference = await inProcessReference();
      const fetch = drifted(reference.fetch, staffListLeak(credentials.primary, credentials.otherOrganization.apiKey));
      const report = await checkConformance({ baseUrl: reference.baseUrl, fetch, credentials, ...options });
      const failures = Object.entries(notPassed(report)).filter(([, message]) => message.startsWith('fail'));
      expect(
        failures.map(([id]) => id),
        JSON.stringify(options),
      ).toEqual(['tenancy.list-scope']);
      expect(report.organizations.primary).toEqual({ organization: sonnen, source: 'organization' in options ? 'given' : 'verified' });
    }
  });

  it('the same leak is caught when entries do not name their organization: by an id listed to two organizations (tokens: the accounts name the organizations)', async () => {
    const report = await againstWithTokens((main) => [staffListLeak(main, credentials.otherOrganization.apiKey), entriesWithoutOrganization]);
    expect(report.organizations).toEqual({ primary: { organization: sonnen, source: 'account' }, otherOrganization: { organization: lindenhof, source: 'account' } });
    expect(notPassed(report)['tenancy.list-scope']).toMatch(
      /^fail: GET \/calendars\/.* → 200: calendar entry [0-9a-f]{24} is listed to the (main|other organization's) credential \(organization [0-9a-f]{24}\) and to the (main|other organization's) credential/,
    );
  });

  it('two credentials of one organization are a failure of tenancy.credentials, not a skip, and the tenancy rules are blocked', async () => {
    const reference = await inProcessReference();
    const report = await checkConformance({ baseUrl: reference.baseUrl, fetch: reference.fetch, credentials: { ...credentials, otherOrganization: { apiKey: 'msk_demo_sonnen_admin' } } });
    const results = notPassed(report);
    expect(results['tenancy.credentials']).toMatch(
      new RegExp(
        `^fail: the main credential \\(GET /organizations/${sonnen} → 200\\) and the other organization's credential \\(GET /organizations/${sonnen} \\(as the other organization's credential\\) → 200\\) both belong to organization ${sonnen}`,
      ),
    );
    for (const id of ['tenancy.organization-read', 'tenancy.entry-read', 'tenancy.list-scope', 'tenancy.entry-write']) expect(results[id], id).toMatch(/^skip: blocked: .*tenancy\.credentials/);
    expect(report.counts.fail).toBe(1);
  });

  it('device events out of chronological order fail events.order', async () => {
    const report = await against(eventsOutOfOrder);
    expect(notPassed(report)).toEqual({
      'events.order': matching(/^fail: GET \/devices\/events\/[0-9a-f]{24} → 200: event [0-9a-f]{24} \(2026-[^)]+\) comes after [0-9a-f]{24} \(2026-[^)]+\); expected oldest first/),
    });
  });

  it('a TypeFilter that is ignored fails events.filters, naming the event of the other type', async () => {
    const report = await against(eventsIgnoreTypeFilter);
    expect(notPassed(report)).toEqual({
      'events.filters': matching(/^fail: GET \/devices\/events\/[0-9a-f]{24}\?TypeFilter=\w+ → 200: TypeFilter \w+ keeps the events of exactly that type: holds [0-9a-f]{24} \(\w+ at 2026-/),
    });
  });

  it("another organization's device events answered fail events.tenancy", async () => {
    const report = await against(eventsAcrossOrganizations(credentials.otherOrganization.apiKey));
    expect(notPassed(report)).toEqual({
      'events.tenancy': matching(/^fail: GET \/devices\/events\/[0-9a-f]{24} → 200: expected 403 forbidden: a credential must not read another organization's device events/),
    });
  });

  it('a bake that does not show when the entry is read back by id fails bake.round-trip', async () => {
    const report = await against(bakeDoesNotShow);
    expect(notPassed(report)).toEqual({
      'bake.round-trip': matching(/^fail: GET \/calendars\/[0-9a-f]{24} → 200: entry [0-9a-f]{24} reads baked false after the bake answered it baked: the bake does not show$/),
      // The same drift, seen by the rule that bakes an entry and reads it after refused changes.
      'conflicts.baked-entry': matching(/^fail: GET \/calendars\/[0-9a-f]{24} → 200: after two refused changes the entry has amount 1, baked false/),
    });
  });

  it('an updatedAt that does not move when an entry changes fails changes.updated-at, naming the change', async () => {
    const report = await against(updatedAtFrozen);
    expect(notPassed(report)).toEqual({
      'changes.updated-at': matching(
        /^fail: GET \/calendars\/[0-9a-f]{24} → 200: entry [0-9a-f]{24} reads updatedAt \S+ after the update \(PATCH amount\), as before it \(\S+\); every change must move updatedAt/,
      ),
    });
  });

  it('a sort whose ties are not broken by id fails pagination.total-order', async () => {
    const report = await against(sortTiesUnbroken);
    const results = notPassed(report);
    expect(results['pagination.total-order']).toMatch(
      /^fail: GET \/calendars\/\?limit=100&sortBy=baked → 200: entry [0-9a-f]{24} comes after [0-9a-f]{24}, both with baked (true|false); equal keys must be ordered by id ascending/,
    );
    expect(Object.keys(results)).toEqual(['pagination.total-order']);
  });

  it('an Idempotency-Key that is ignored fails idempotency.create-replay', async () => {
    const report = await against(idempotencyIgnored);
    expect(notPassed(report)).toEqual({
      'idempotency.create-replay': matching(/^fail: POST \/calendars\/ → 201: the replay created entry [0-9a-f]{24}; the first call created [0-9a-f]{24} \(one create per key\)$/),
    });
  });

  it('403 turned 404 fails every rule that expects a refusal for another tenant, naming both', async () => {
    const report = await against(forbiddenAsNotFound);
    const results = notPassed(report);
    for (const id of ['tenancy.organization-read', 'tenancy.entry-read', 'tenancy.entry-write', 'events.tenancy', 'roles.patient-scope', 'roles.patient-writes']) {
      expect(results[id], id).toMatch(/^fail: .* → 404 \(not_found\): expected 403 forbidden: /);
    }
    expect(results['tenancy.credentials']).toBeUndefined();
  });

  it('a renamed field is one failure of the contract rule, once per operation and field; the behaviour rules go on', async () => {
    const report = await against(renamedBaked);
    const results = notPassed(report);
    expect(report.counts.fail, formatReport(report)).toBe(1);
    expect(results['contract.answer-shapes']).toMatch(
      /^fail: \d+ differences from the contract: calendars\.list \(GET \/calendars\/\) \[\*\]\.baked: Invalid input: expected boolean, received undefined — first in GET \/calendars\/\?limit=100&sortBy=createdAt%3Adesc( \(as the [a-z' ]+\))? → 200, in \d+ answers; /,
    );
    // Once per operation and field, however many answers and rules saw it.
    const fields = report.shapeViolations.map((violation) => `${violation.operation} ${violation.field}`);
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields).toEqual(expect.arrayContaining(['calendars.list [*].baked', 'calendars.get baked', 'calendars.create baked', 'bake.create data[*].baked']));
    // The rules that need `baked` say they are blocked by it; tenancy, idempotency and the rest pass.
    expect(results['bake.round-trip']).toMatch(/^skip: blocked: GET \/calendars\/[0-9a-f]{24} → 200 answered baked missing, not a boolean; contract\.answer-shapes reports the field$/);
    for (const id of ['tenancy.credentials', 'tenancy.entry-read', 'tenancy.list-scope', 'tenancy.entry-write', 'idempotency.create-replay', 'pagination.pages', 'events.order'])
      expect(results[id], id).toBeUndefined();
  });

  it('a renamed field does not hide a tenant leak: both are reported', async () => {
    const report = await against(renamedBaked, staffListLeak(credentials.primary, credentials.otherOrganization.apiKey));
    expect(Object.keys(notPassed(report)).filter((id) => notPassed(report)[id]!.startsWith('fail'))).toEqual(['tenancy.list-scope', 'contract.answer-shapes']);
  });

  it('error bodies that are no problem documents are reported once by the contract rule, not by every rule that reads a code', async () => {
    const report = await against(plainErrorBodies);
    const results = notPassed(report);
    expect(report.counts.fail, formatReport(report)).toBe(1);
    expect(results['contract.answer-shapes']).toMatch(/problem \(the problem document \(§7; docs\/api-reference\.md "Errors"\)\) code: Invalid input/);
    expect(results['errors.unauthenticated']).toMatch(/^skip: blocked: GET \/calendars\/ \(without a credential\) → 401 is no problem document/);
  });
});

describe('messages', () => {
  it('a root base URL keeps the leading slash of every path; the unknown-key request is labelled as such', async () => {
    const reference = await inProcessReference();
    // The API served at the root of its host: the wrapper maps /x to the reference server's /v1/x.
    const atRoot: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      return reference.fetch(new Request(`${reference.baseUrl}${url.pathname}${url.search}`, request));
    };
    const report = await checkConformance({ baseUrl: 'http://root.test/', fetch: atRoot, credentials, only: ['errors.unauthenticated', 'limits.pdf-hosts'] });
    expect(report.ok, formatReport(report)).toBe(true);
    expect(report.baseUrl).toBe('http://root.test');
    expect(report.results[0]!.requests).toEqual(['GET /calendars/ (without a credential) → 401', 'GET /calendars/ (with an unknown API key) → 401']);
    for (const line of report.results.flatMap((result) => result.requests)) expect(line).toMatch(/^GET \//);
  });

  it('a PDF host that is not refused is named in the message, with no template left unfilled', async () => {
    const allowAnyHost: Drift = async (request, forward) => {
      const url = new URL(request.url);
      if (!url.pathname.endsWith('/pdf/') || !url.searchParams.has('urlPath')) return forward(request);
      return new Response(JSON.stringify({ signed: 'http://reference.test/files/pdf?x' }), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const report = await against(allowAnyHost);
    const message = notPassed(report)['limits.pdf-hosts'];
    expect(message).toBe(
      "fail: GET /pdf/?urlPath=https%3A%2F%2Fevil.example%2Fpatients → 200: expected 400 validation_failed: urlPath https://evil.example/patients is on neither of the deployment's two allowed hosts (its app and web addresses), so it is refused",
    );
    expect(message).not.toMatch(/\{\w+\}/);
  });
});

describe('a renamed createdAt', () => {
  it('blocks the order rules instead of failing them, and is reported once by the contract rule', async () => {
    const renamedCreatedAt: Drift = async (request, forward) => {
      const answer = await forward(request);
      if (!answer.ok || !new URL(request.url).pathname.startsWith('/v1/calendars')) return answer;
      const rename = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(rename)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key === 'createdAt' ? 'created' : key, rename(item)]))
            : value;
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify(rename(await answer.json())), { status: answer.status, headers });
    };
    const report = await against(renamedCreatedAt);
    const results = notPassed(report);
    expect(report.counts.fail, formatReport(report)).toBe(1);
    expect(results['contract.answer-shapes']).toMatch(/calendars\.list \(GET \/calendars\/\) \[\*\]\.createdAt: Invalid input: expected string, received undefined/);
    for (const id of ['pagination.pages', 'pagination.sorting'])
      expect(results[id], id).toMatch(/^skip: blocked: GET \/calendars\/\?limit=\d+.* → 200 answered createdAt missing, not a string; contract\.answer-shapes reports the field$/);
  });
});
