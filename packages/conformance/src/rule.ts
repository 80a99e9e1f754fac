import type { Fixtures } from './fixtures.js';
import type { Probe } from './probe.js';
import type { ShapeLedger } from './shape-ledger.js';

/** Where a rule comes from: the section of the service interface and, where it fills a gap, our API decision. */
export interface RuleSource {
  /** E.g. `§5 Authentication, item 6`. */
  interface: string;
  /**
   * Where the interface says "not shown" and we decided: a link to the section of the published
   * API reference, e.g. `https://github.com/medsched/medsched/blob/main/docs/api-reference.md#errors`
   * (`apiReferenceSection('Errors')`), possibly with a short note after it.
   */
  decision?: string;
}

/** What a rule works with. */
export interface RuleContext {
  readonly probe: Probe;
  readonly fixtures: Fixtures;
  readonly ledger: ShapeLedger;
  readonly readOnly: boolean;
}

/** One named behaviour a deployment must show. */
export interface ConformanceRule {
  /** Stable id, `group.name`, e.g. `tenancy.entry-read`. */
  readonly id: string;
  readonly title: string;
  readonly source: RuleSource;
  /** True when the rule sends anything but GET: such rules do not run in read-only mode. */
  readonly writes: boolean;
  /** Rules whose verdict this one builds on: they run too when this one is chosen alone. */
  readonly needs?: readonly string[];
  /** Runs the checks; throws `RuleFailure` at the first difference, `RuleSkip` when it cannot run here. */
  run(context: RuleContext): Promise<void>;
}
