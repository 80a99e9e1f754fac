/** A line whose sequence number is not the one expected, and what that means. */
export interface SequenceProblem {
  /** The 1-based line number in the file. */
  line: number;
  reason: string;
}

/**
 * Checks the sequence numbers of a version 4 data file (`format.ts`): the lines after the
 * header must hold 1, 2, 3, … with no gap, no repeat and no swap, and reach at least the
 * header's `sequence` (the snapshot's last line). The first line that breaks this is named with
 * what it means: a duplicated line (and whether it is a byte-for-byte copy), lines out of order
 * (and where the expected one is), missing lines, or a file cut short. A checksum cannot find
 * these: every such line is sound on its own.
 *
 * @param sequences the `seq` of each line after the header, in file order (index 0 is line 2)
 * @param snapshotSequence the header's `sequence`
 * @param sameBytes whether the lines at two indexes of `sequences` are identical
 */
export function sequenceProblem(sequences: readonly number[], snapshotSequence: number, sameBytes: (first: number, second: number) => boolean): SequenceProblem | undefined {
  const lineOf = (index: number) => index + 2;
  for (let index = 0; index < sequences.length; index++) {
    const expected = index + 1;
    const found = sequences[index]!;
    if (found === expected) continue;
    const line = lineOf(index);
    if (found < expected) {
      // Every number below `expected` was seen once, in order: `found` is a repeat.
      const first = sequences.indexOf(found);
      const copy = sameBytes(first, index) ? 'a copy of it' : 'with other contents';
      return { line, reason: `duplicated line: sequence ${found} again (${copy}), first at line ${lineOf(first)}, where sequence ${expected} was expected` };
    }
    const later = sequences.indexOf(expected, index + 1);
    if (later !== -1) {
      return { line, reason: `lines out of order: sequence ${found} where ${expected} was expected; sequence ${expected} is at line ${lineOf(later)}` };
    }
    const gap = found - expected === 1 ? `sequence ${expected} is missing` : `sequences ${expected} to ${found - 1} (${found - expected} lines) are missing`;
    return { line, reason: `missing lines: sequence ${found} follows ${expected - 1}, so ${gap}` };
  }
  if (sequences.length < snapshotSequence) {
    return {
      line: lineOf(sequences.length),
      reason: `the file is cut short: its snapshot was written up to sequence ${snapshotSequence} (header), its lines end at sequence ${sequences.length}`,
    };
  }
  return undefined;
}
