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
}

export const defaultOperationLimits: OperationLimits = { bakeEntries: 10_000 };
