// The order of the test files in one `vitest run`. Vitest hands the files to its workers in this
// order, and a long file started last runs alone at the end (the SDK's ecosystem check once ran
// 18 s on one busy core while the other waited). So: the files that took longest first, and a
// file that failed last time before the others of its group (below). Vitest orders by the
// durations of the previous run on this machine, which a fresh clone (CI) does not have: the
// durations recorded in test-durations.json stand in for them. A duration only moves a file in
// the queue.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

/** @type {Record<string, number>} Seconds a file took, by `<project>:<path from the repository root>`; see record-test-durations.mjs. */
const recorded = JSON.parse(readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'));

/** @param {import('vitest/node').TestSpecification} file */
const sharesWorkers = (file) => file.project.config.isolate === false;

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
    /**
     * A stable sort, the slowest first: unrecorded files keep their order, last.
     * @param {import('vitest/node').TestSpecification[]} list
     */
    const slowestFirst = (list) =>
      list
        .map((file, index) => ({ file, index, weight: weight(file) }))
        .sort((a, b) => b.weight - a.weight || a.index - b.index)
        .map(({ file }) => file);
    // A file of an isolated project gets a new process wherever it stands, so those go first, the
    // slowest of every project together (the consumer checks: npm, Chromium, Jest). A worker of a
    // project with `isolate: false` runs that project's next file only if it is next in the queue:
    // those projects follow, each in one run, the slowest of each first, and fill the end.
    const isolated = ordered.filter((file) => !sharesWorkers(file));
    /** @type {import('vitest/node').TestSpecification[][]} */
    const runs = [];
    for (const file of ordered.filter(sharesWorkers)) {
      const run = runs.find((candidate) => candidate[0].project === file.project);
      if (run) run.push(file);
      else runs.push([file]);
    }
    return [...slowestFirst(isolated), ...runs.flatMap(slowestFirst)];
  }
}
