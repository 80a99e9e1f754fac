import { ConformanceError } from './errors.js';
import { Fixtures } from './fixtures.js';
import { ConformanceSettings, type CredentialRole } from './options.js';
import { Probe } from './probe.js';
import { RuleFailure, RuleSkip } from './outcomes.js';
import type { ConformanceReport, RuleResult } from './result.js';
import type { ConformanceRule } from './rule.js';
import { conformanceRules } from './rules/index.js';
import { shapeRuleId } from './expect.js';
import { ShapeLedger } from './shape-ledger.js';

/** What `checkConformance` takes: the settings (validated, bounded) and, optionally, a fetch and a progress callback. */
export interface ConformanceOptions extends ConformanceSettings {
  /** The fetch to send with, e.g. a wrapper that records or changes answers (default: the global fetch). */
  fetch?: typeof globalThis.fetch;
  /** Called after each rule, e.g. to print progress. */
  onResult?: (result: RuleResult) => void;
}

function matches(rule: ConformanceRule, name: string): boolean {
  return rule.id === name || rule.id.startsWith(`${name}.`);
}

/** The rules to run: the chosen ones and the ones they need, in the order of `rules`. */
export function selectRules(rules: readonly ConformanceRule[], only: readonly string[] | undefined): ConformanceRule[] {
  if (only === undefined) return [...rules];
  const unknown = only.filter((name) => !rules.some((rule) => matches(rule, name)));
  if (unknown.length) throw new ConformanceError('unknown_rule', `no rule or group named ${unknown.join(', ')}`, `rules: ${rules.map((rule) => rule.id).join(', ')}`);
  const chosen = new Set(rules.filter((rule) => only.some((name) => matches(rule, name))).map((rule) => rule.id));
  for (const rule of rules) if (chosen.has(rule.id)) for (const needed of rule.needs ?? []) chosen.add(needed);
  return rules.filter((rule) => chosen.has(rule.id));
}

function parseOptions(options: ConformanceOptions): ConformanceSettings {
  const { fetch: _fetch, onResult: _onResult, ...settings } = options;
  const parsed = ConformanceSettings.safeParse(settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'options';
    throw new ConformanceError(
      'invalid_options',
      `checkConformance: ${where}: ${issue?.message ?? 'invalid'}`,
      'pass { baseUrl: "https://…/v1", credentials: { primary: { apiKey } } } (see the README of @medsched/conformance)',
    );
  }
  return parsed.data;
}

/**
 * One read before the rules: an unreachable server (or one that drips past the timeout), a
 * redirect or a refused main credential is the caller's problem (a `ConformanceError`), not
 * twenty failed rules.
 */
async function checkReachable(probe: Probe): Promise<void> {
  let answer: Awaited<ReturnType<Probe['send']>>;
  try {
    answer = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 1 } });
  } catch (error) {
    if (error instanceof RuleFailure) return;
    throw new ConformanceError('unreachable', `cannot reach ${probe.baseUrl}: ${error instanceof Error ? error.message : String(error)}`, 'check the base URL and that the server runs');
  }
  const { status } = answer;
  const location = answer.headers.get('location');
  if (answer.status >= 300 && answer.status <= 399 && location !== null) {
    // Followed, the redirect would take the credentials elsewhere; the checker follows none (probe.ts).
    throw new ConformanceError(
      'redirected',
      `${probe.baseUrl} answers ${answer.status}, redirecting to ${inert(location)}; the checker follows no redirect, so that credentials stay with the base URL`,
      'if the new address is the deployment, give it as the base URL',
    );
  }
  if (status === 401) throw new ConformanceError('unauthenticated', `the server refuses the main credential (401) at ${probe.baseUrl}`, 'check the API key or token of credentials.primary');
  probe.takeLog();
}

/** Server text for a message: quoted, cut short, without controls or bidi formatting characters. */
function inert(text: string): string {
  return JSON.stringify(text.slice(0, 300)).replace(/[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, ' ');
}

async function runRule(rule: ConformanceRule, context: Parameters<ConformanceRule['run']>[0]): Promise<RuleResult> {
  const started = performance.now();
  const base = { id: rule.id, title: rule.title, source: rule.source };
  let result: RuleResult;
  if (rule.writes && context.readOnly) {
    result = { ...base, status: 'skip', message: 'writes; not run in read-only mode', requests: [], durationMs: 0 };
  } else {
    try {
      await rule.run(context);
      result = { ...base, status: 'pass', requests: context.probe.takeLog(), durationMs: 0 };
    } catch (error) {
      const status = error instanceof RuleFailure ? 'fail' : error instanceof RuleSkip ? 'skip' : 'error';
      result = { ...base, status, message: error instanceof Error ? error.message : String(error), requests: context.probe.takeLog(), durationMs: 0 };
    }
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

/**
 * Runs the conformance rules against `options.baseUrl`, one after the other, and resolves with a
 * report to assert on (`report.ok`, `report.results`). A difference is a failed rule, never a
 * rejection; it rejects only with a `ConformanceError` (bad options, server unreachable, main
 * credential refused). In read-only mode the rules that write are skipped and not one request
 * but GET leaves. Without it, writes go to a scratch patient the run creates (dated 2099).
 *
 * @example
 * const report = await checkConformance({ baseUrl: 'http://127.0.0.1:4010/v1', credentials: { primary: { apiKey } } });
 * expect(report.ok, formatReport(report)).toBe(true);
 */
export async function checkConformance(options: ConformanceOptions, rules: readonly ConformanceRule[] = conformanceRules): Promise<ConformanceReport> {
  const settings = parseOptions(options);
  const selected = selectRules(rules, settings.only);
  const readOnly = settings.readOnly === true;
  const ledger = new ShapeLedger();
  const credentials = Object.fromEntries(Object.entries(settings.credentials).filter(([, value]) => value !== undefined)) as Partial<
    Record<Exclude<CredentialRole, 'none'>, NonNullable<ConformanceSettings['credentials']['patient']>>
  >;
  const probe = new Probe({ baseUrl: settings.baseUrl, credentials, readOnly, timeoutMs: settings.timeoutMs, fetch: options.fetch, headers: settings.headers, ledger });
  await checkReachable(probe);
  const fixtures = new Fixtures(probe, { organization: settings.organization });
  const context = { probe, fixtures, ledger, readOnly };
  const results: RuleResult[] = [];
  for (const rule of selected) {
    const result = await runRule(rule, context);
    results.push(result);
    options.onResult?.(result);
  }
  // A rule blocked by a broken field points at the shape rule: it reports, even when not chosen.
  const shapeRule = rules.find((rule) => rule.id === shapeRuleId);
  if (shapeRule && ledger.size > 0 && !selected.includes(shapeRule)) {
    const result = await runRule(shapeRule, context);
    results.push(result);
    options.onResult?.(result);
  }
  let leftBehind: string | undefined;
  try {
    leftBehind = await fixtures.cleanup();
  } catch (error) {
    leftBehind = `cleanup failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  probe.takeLog();
  const counts = { pass: 0, fail: 0, skip: 0, error: 0 };
  for (const result of results) counts[result.status]++;
  const organizations: ConformanceReport['organizations'] = {};
  for (const role of ['primary', 'otherOrganization'] as const) {
    const known = await fixtures.knownOrganization(role);
    if (known) organizations[role] = known;
  }
  return { baseUrl: probe.baseUrl, readOnly, ok: counts.fail === 0 && counts.error === 0, results, counts, shapeViolations: ledger.all(), organizations, leftBehind };
}
