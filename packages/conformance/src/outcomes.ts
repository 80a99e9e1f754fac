/** A difference between the deployment and a rule: `message` says what was sent, what came back and what was expected. */
export class RuleFailure extends Error {
  override readonly name = 'RuleFailure';
}

/** The rule cannot run against this deployment with these credentials; `message` says what it needs. */
export class RuleSkip extends Error {
  override readonly name: string = 'RuleSkip';
}

/**
 * The rule cannot judge because something it reads is already reported by another rule (a field
 * that breaks the contract, credentials that cannot be told apart). Reported as a skip naming that
 * rule, so that one drift is one failure, not one per rule that reads the same field.
 */
export class RuleBlocked extends RuleSkip {
  override readonly name = 'RuleBlocked';
}
