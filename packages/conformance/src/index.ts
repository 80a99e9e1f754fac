/**
 * @medsched/conformance: the behaviour rules a medsched deployment must pass, for a team's own
 * test runner (`checkConformance`) and for `medsched conformance`.
 */
export { checkConformance, selectRules, type ConformanceOptions } from './check.js';
export { conformanceRules } from './rules/index.js';
export { formatReport, type FormatOptions } from './report/text.js';
export { toJunit, toJunitFailure } from './report/junit.js';
export { ConformanceError, type ConformanceErrorCode } from './errors.js';
export { ConformanceCredential, ConformanceCredentials, ConformanceSettings, type CredentialRole } from './options.js';
export type { ConformanceReport, CredentialOrganization, RuleResult, RuleStatus } from './result.js';
export type { ConformanceRule, RuleContext, RuleSource } from './rule.js';
export { apiReferenceSection, apiReferenceUrl } from './docs-link.js';
export type { ShapeViolation } from './shape-ledger.js';
export { RuleBlocked, RuleFailure, RuleSkip } from './outcomes.js';
