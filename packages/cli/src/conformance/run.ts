import { Fixtures } from './fixtures.js';
import { Probe, type ProbeOptions } from './probe.js';
import { RuleFailure, RuleSkip, type ConformanceRule, type RuleResult } from './rule.js';
import { conformanceRules } from './rules/index.js';

export interface ConformanceOptions extends ProbeOptions {
  /** The main credential's organization, when the entries it sees do not tell. */
  organization?: string | undefined;
  /** Only these rules (ids or group prefixes such as `tenancy`); default all. */
  only?: string[] | undefined;
  /** Called after each rule, e.g. to print progress. */
  onResult?: (result: RuleResult) => void;
}

export interface ConformanceReport {
  baseUrl: string;
  readOnly: boolean;
  results: RuleResult[];
  /** What the run left behind on the deployment (scratch records the interface cannot delete). */
  leftBehind?: string | undefined;
  counts: Record<RuleResult['status'], number>;
}

function selected(rule: ConformanceRule, only: string[] | undefined): boolean {
  return only === undefined || only.some((name) => rule.id === name || rule.id.startsWith(`${name}.`));
}

/**
 * Runs the rules one after the other against `options.baseUrl`. In read-only mode the rules
 * that write are skipped and the probe refuses any request but GET, so not one write leaves.
 */
export async function runConformance(options: ConformanceOptions, rules: readonly ConformanceRule[] = conformanceRules): Promise<ConformanceReport> {
  const probe = new Probe(options);
  const fixtures = new Fixtures(probe, { organization: options.organization });
  const results: RuleResult[] = [];
  for (const rule of rules.filter((candidate) => selected(candidate, options.only))) {
    const started = performance.now();
    const base = { id: rule.id, title: rule.title, source: rule.source };
    let result: RuleResult;
    if (rule.writes && options.readOnly) {
      result = { ...base, status: 'skip', message: 'writes; not run with --read-only', requests: [], durationMs: 0 };
    } else {
      try {
        await rule.run({ probe, fixtures, readOnly: options.readOnly });
        result = { ...base, status: 'pass', requests: probe.takeLog(), durationMs: 0 };
      } catch (error) {
        const status = error instanceof RuleFailure ? 'fail' : error instanceof RuleSkip ? 'skip' : 'error';
        result = { ...base, status, message: error instanceof Error ? error.message : String(error), requests: probe.takeLog(), durationMs: 0 };
      }
    }
    result.durationMs = Math.round(performance.now() - started);
    results.push(result);
    options.onResult?.(result);
  }
  let leftBehind: string | undefined;
  try {
    leftBehind = await fixtures.cleanup();
  } catch (error) {
    leftBehind = `cleanup failed: ${error instanceof Error ? error.message : String(error)}`;
  }
  const counts = { pass: 0, fail: 0, skip: 0, error: 0 };
  for (const result of results) counts[result.status]++;
  return { baseUrl: probe.baseUrl, readOnly: options.readOnly, results, leftBehind, counts };
}
