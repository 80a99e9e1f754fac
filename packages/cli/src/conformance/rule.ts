import type { Probe } from './probe.js';
import type { Fixtures } from './fixtures.js';

/** A credential a rule sends: an API key (`x-api-key`) or a bearer token. */
export type ConformanceCredential = { apiKey: string } | { token: string };

/** Which credential a request goes out with: the main one, a patient's, another organization's, or none. */
export type CredentialRole = 'primary' | 'patient' | 'otherOrganization' | 'none';

/** Where a rule comes from: the section of the service interface (seed/service-interface.md) and, where it fills a gap, our API decision. */
export interface RuleSource {
  /** E.g. `§5 Authentication, item 6`. */
  interface: string;
  /** E.g. `docs/api-reference.md "Errors"`, where the interface says "not shown" and we decided. */
  decision?: string;
}

/** One named behaviour a deployment must show. */
export interface ConformanceRule {
  /** Stable id, `group.name`, e.g. `tenancy.entry-read`. */
  readonly id: string;
  readonly title: string;
  readonly source: RuleSource;
  /** True when the rule sends anything but GET: such rules do not run with --read-only. */
  readonly writes: boolean;
  /** Runs the checks; throws `RuleFailure` at the first difference, `RuleSkip` when it cannot run here. */
  run(context: RuleContext): Promise<void>;
}

/** What a rule works with. */
export interface RuleContext {
  readonly probe: Probe;
  readonly fixtures: Fixtures;
  readonly readOnly: boolean;
}

/** A difference between the deployment and the rule: `message` says what was sent, what came back and what was expected. */
export class RuleFailure extends Error {
  override readonly name = 'RuleFailure';
}

/** The rule cannot run against this deployment with these credentials; `message` says what it needs. */
export class RuleSkip extends Error {
  override readonly name = 'RuleSkip';
}

export type RuleStatus = 'pass' | 'fail' | 'skip' | 'error';

/** The outcome of one rule. */
export interface RuleResult {
  id: string;
  title: string;
  source: RuleSource;
  status: RuleStatus;
  /** Why it failed, was skipped or errored; absent when it passed. */
  message?: string;
  /** The requests the rule sent, `METHOD path → status`, in order. */
  requests: string[];
  durationMs: number;
}
