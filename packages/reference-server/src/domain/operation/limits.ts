/**
 * What one request may make the server do, so that no tenant's request can stall the others
 * (architecture.md, "Every step and every domain operation does bounded work").
 */
export interface OperationLimits {
  /**
   * The most calendar entries one bake may create or finalize (default 10,000, flag
   * `--max-bake-entries`). A bigger bake is refused before anything changes, with the count
   * it would have made, so that the client can split the range or bake patient by patient.
   */
  bakeEntries: number;
  /**
   * The most days (an hourly period counts as one) one bake may examine while expanding its
   * series, all series and patients together (default 1,000,000, about half a second of work at most): thousands of series that
   * rarely occur cost work without creating entries, so they are bounded too.
   */
  bakeExpansionDays: number;
}

export const defaultOperationLimits: OperationLimits = { bakeEntries: 10_000, bakeExpansionDays: 1_000_000 };
