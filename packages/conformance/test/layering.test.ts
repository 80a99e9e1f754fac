/**
 * The conformance package's modules import one way: no import circle anywhere in src/, `import
 * type` included. Static: reads src/ with the TypeScript parser (the SDK's
 * test/support/import-graph.ts), no build needed.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circlePath, importCircles, importGraph, type ImportGraph } from '../../sdk/test/support/import-graph.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));

describe('the conformance package imports one way', () => {
  const graph = importGraph(src);

  it('reads every module of src/ (the checker sees the whole tree)', () => {
    expect(graph.get('check.ts')).toContain('probe.ts');
    expect(graph.size).toBeGreaterThan(20);
  });

  it('has no import circle, through `import type` neither', () => {
    expect(importCircles(graph).map((circle) => circlePath(graph, circle).join(' -> '))).toEqual([]);
  });

  it('finds a circle made of a type import (the check can fail)', () => {
    const circular: ImportGraph = new Map([
      ['check.ts', ['probe.ts']],
      ['probe.ts', ['rule.ts']],
      ['rule.ts', ['check.ts']],
    ]);
    expect(importCircles(circular).map((circle) => circlePath(circular, circle))).toEqual([['check.ts', 'probe.ts', 'rule.ts', 'check.ts']]);
  });
});
