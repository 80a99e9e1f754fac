/** The conformance rules and their runner: imported by `medsched conformance` and by the test suite. */
export { runConformance, type ConformanceOptions, type ConformanceReport } from './run.js';
export { conformanceRules } from './rules/index.js';
export { toJunit } from './junit.js';
export { Probe, type ProbeOptions, type ProbeRequest, type ProbeAnswer } from './probe.js';
export { RuleFailure, RuleSkip, type ConformanceRule, type ConformanceCredential, type RuleContext, type RuleResult } from './rule.js';
