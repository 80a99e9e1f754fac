/**
 * The CLI's modules import one way: no import circle anywhere in src/ (`import type` included),
 * and a command's folder (`commands/<command>/`) is its own. Only `commands/command-index.ts`
 * loads a command (lazily, so `medsched --version` reads no command), and no command reaches
 * into another command's folder: what two commands share lives in a shared folder (output/,
 * dates/, identity/, client/, config/, input/, home/, errors/), where a change to it is seen as
 * one to everything that uses it. Static: reads src/ with the TypeScript parser (the SDK's
 * test/support/import-graph.ts); it needs no build and starts no CLI. A command's tests (`*.test.ts`
 * beside it) are not modules of the CLI (they run it,
 * and import helpers from test/): they are left out of the graph.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circlePath, importCircles, importGraph, type ImportGraph } from '../../sdk/test/support/import-graph.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** A test file kept beside what it tests (`commands/bake/bake.test.ts`). */
const isTest = (file: string) => file.endsWith('.test.ts');

/** The command whose folder holds `file` (`commands/plan/plan.ts` → `plan`), undefined outside one. */
function commandOf(file: string): string | undefined {
  const [top, folder, rest] = file.split('/');
  return top === 'commands' && rest !== undefined ? folder : undefined;
}

/** Every import into a command's folder from outside it, but for the command index, as `from -> to`. */
function foreignCommandImports(graph: ImportGraph): string[] {
  return [...graph].flatMap(([from, targets]) =>
    from === 'commands/command-index.ts' ? [] : targets.filter((to) => commandOf(to) !== undefined && commandOf(to) !== commandOf(from)).map((to) => `${from} -> ${to}`),
  );
}

describe('the CLI imports one way', () => {
  const graph = importGraph(src, (file) => !isTest(file));

  it('reads every module of src/ (the checker sees the whole tree, lazy loads too)', () => {
    expect(graph.get('config/settings.ts')).toContain('config/setting-source.ts');
    expect(graph.get('commands/command-index.ts')).toContain('commands/plan/plan.ts'); // an `import('…')` counts
    expect(graph.size).toBeGreaterThan(100);
  });

  it('has no import circle, through `import type` neither', () => {
    expect(importCircles(graph).map((circle) => circlePath(graph, circle).join(' -> '))).toEqual([]);
  });

  it("reaches a command's folder only from that folder and the command index", () => {
    expect(foreignCommandImports(graph)).toEqual([]);
  });

  it('finds the circle this package had, and imports across command folders (the check can fail)', () => {
    const tangled: ImportGraph = new Map([
      ['config/settings.ts', ['config/timeout.ts']],
      ['config/timeout.ts', ['config/settings.ts']],
      ['config/command-fields.ts', ['commands/user/user.ts']],
      ['commands/config/config.ts', ['commands/plan/plan-language.ts', 'config/command-fields.ts']],
      ['commands/plan/plan.ts', ['commands/plan/plan-language.ts']],
      ['commands/command-index.ts', ['commands/plan/plan.ts']],
    ]);
    expect(importCircles(tangled).map((circle) => circlePath(tangled, circle))).toEqual([['config/settings.ts', 'config/timeout.ts', 'config/settings.ts']]);
    expect(foreignCommandImports(tangled)).toEqual(['config/command-fields.ts -> commands/user/user.ts', 'commands/config/config.ts -> commands/plan/plan-language.ts']);
  });
});
