import type { RuleSource } from './rule.js';
import type { ShapeViolation } from './shape-ledger.js';

/** pass; fail: the deployment differs; skip: the rule could not run here (or was blocked by another's failure); error: the rule could not finish. */
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

/** A credential's organization as the run established it (see `tenancy.credentials`). */
export interface CredentialOrganization {
  organization: string;
  source: 'account' | 'given' | 'verified';
}

/** Everything a run found: assert on `ok`, print with `formatReport`, hand `toJunit` to CI. */
export interface ConformanceReport {
  baseUrl: string;
  readOnly: boolean;
  /** True when no rule failed or errored (skips are allowed: they need credentials or data the run lacked). */
  ok: boolean;
  results: RuleResult[];
  counts: Record<RuleStatus, number>;
  /** Every way answers broke the contract, once per operation and field. */
  shapeViolations: ShapeViolation[];
  /** The organizations of the staff credentials, where established. */
  organizations: { primary?: CredentialOrganization; otherOrganization?: CredentialOrganization };
  /** What the run left behind on the deployment (scratch records the interface cannot delete). */
  leftBehind?: string | undefined;
}
