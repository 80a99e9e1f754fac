/** One way answers broke the contract, said once per operation and field however many answers showed it. */
export interface ShapeViolation {
  /** The operation whose answer broke its schema, e.g. `calendars.list`, or `problem` for an error body. */
  operation: string;
  /** What the answer is checked against, e.g. `GET /calendars/` or `the problem document (§7)`. */
  contract: string;
  /** Where, with list positions as `[*]`, e.g. `[*].baked`, `code`. */
  field: string;
  /** What the schema expected and what came instead, e.g. `Invalid input: expected boolean, received undefined`. */
  message: string;
  /** The first answer that showed it, `GET /calendars/?limit=20 → 200`. */
  firstSeen: string;
  /** How many answers showed it. */
  answers: number;
}

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** `[*].baked` for `[3, 'baked']`: items of a list are alike, one renamed field breaks all of them. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? '[*]' : `${text === '' ? '' : '.'}${String(part)}`;
  return text === '' ? '(body)' : text;
}

/**
 * Every shape violation of a run. The probe writes each answer's schema issues here instead of
 * failing the rule that sent the request: the behaviour rules go on with what they can read, and
 * the contract rule reports each violation once.
 */
export class ShapeLedger {
  readonly #violations = new Map<string, ShapeViolation>();

  /** Notes the issues of one answer (several items with the same issue count as one answer). */
  record(operation: string, contract: string, line: string, issues: readonly Issue[]): void {
    const seen = new Set<string>();
    for (const issue of issues) {
      const field = fieldPath(issue.path);
      const key = `${operation}\u0000${field}\u0000${issue.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const known = this.#violations.get(key);
      if (known) known.answers++;
      // Bounded: a deployment that breaks everything still gives a readable report.
      else if (this.#violations.size < 200) this.#violations.set(key, { operation, contract, field, message: issue.message, firstSeen: line, answers: 1 });
    }
  }

  /** The violations so far, in the order they were first seen. */
  all(): ShapeViolation[] {
    return [...this.#violations.values()].map((violation) => ({ ...violation }));
  }

  get size(): number {
    return this.#violations.size;
  }
}
