// The order of the test files in one `vitest run`: vitest's own (project by project, isolated
// files first), and within each project failed files first, then the files that took longest. Two workers
// share the files; a long file started last ran alone at the end (the SDK's ecosystem check, 18 s
// of one busy core while the other waited, in a 536 s run). Vitest orders by the durations of the
// previous run on this machine, which a fresh clone (CI) does not have: the durations recorded
// in test-durations.json stand in for them. A duration only moves a file in the queue.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

/** @type {Record<string, number>} Seconds a file took, by `<project>:<path from the repository root>`; see record-test-durations.mjs. */
const recorded = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'));

export class SlowFirstSequencer extends BaseSequencer {
  /**
   * @param {import('vitest/node').TestSpecification[]} files
   * @returns {Promise<import('vitest/node').TestSpecification[]>}
   */
  async sort(files) {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    /**
     * What this machine's last run took (vitest's cache), else the recorded seconds; a failed
     * file first, as vitest does.
     * @param {import('vitest/node').TestSpecification} file
     */
    const weight = (file) => {
      const key = `${file.project.name}:${relative(root, file.moduleId)}`;
      const last = this.ctx.cache.getFileTestResults(key);
      if (last?.failed) return Number.POSITIVE_INFINITY;
      return last ? last.duration / 1000 : (recorded[key] ?? 0);
    };
    // Runs of files of one project stay where vitest put them; inside each
    // run, a stable sort puts the slowest first (unrecorded files keep their order, last).
    /** @type {import('vitest/node').TestSpecification[][]} */
    const runs = [];
    for (const file of ordered) {
      const run = runs.at(-1);
      if (run && run[0].project === file.project) run.push(file);
      else runs.push([file]);
    }
    return runs.flatMap((run) =>
      run
        .map((file, index) => ({ file, index, weight: weight(file) }))
        .sort((a, b) => b.weight - a.weight || a.index - b.index)
        .map(({ file }) => file),
    );
  }
}
