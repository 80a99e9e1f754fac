/**
 * The bound on one request's expansion work: many series or patients add up, so a bake is
 * bounded as a whole, not only per rule.
 */

/**
 * Work shared by every expansion of one request, in days examined (an hourly period counts as
 * one): many series or patients add up, so a bake is bounded as a whole, not only per rule.
 */
export interface ExpansionBudget {
  days: number;
}

/** A bake would examine more days than its budget: the caller refuses it with a 400. */
export class ExpansionBudgetExceeded extends Error {}

/** Takes `days` from the budget; throws once it is spent. */
export function spend(budget: ExpansionBudget, days: number): void {
  budget.days -= days;
  if (budget.days < 0) throw new ExpansionBudgetExceeded('the expansion budget is spent');
}
