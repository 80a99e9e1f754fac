/**
 * The mock server's modules import one way: no import circle anywhere in src/, `import type`
 * included (a circle ties modules together in the declarations and in every reader's head, even
 * where the JavaScript drops it). Static: reads src/ with the TypeScript parser (the SDK's
 * test/support/import-graph.ts), no build needed.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circlePath, importCircles, importGraph, type ImportGraph } from '../../sdk/test/support/import-graph.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));

describe('the mock server imports one way', () => {
  const graph = importGraph(src);

  it('reads every module of src/ (the checker sees the whole tree)', () => {
    expect(graph.get('index.ts')).toContain('node/setup-mock-api.ts');
    expect(graph.get('index.ts')).toContain('shared-exports.ts'); // an `export * from` counts
    expect(graph.size).toBeGreaterThan(30);
  });

  it('has no import circle, through `import type` neither', () => {
    expect(importCircles(graph).map((circle) => circlePath(graph, circle).join(' -> '))).toEqual([]);
  });

  it('finds a circle made of a type import (the check can fail)', () => {
    const circular: ImportGraph = new Map([
      ['mock-state.ts', ['journal.ts']],
      ['journal.ts', ['mock-state.ts']],
    ]);
    expect(importCircles(circular).map((circle) => circlePath(circular, circle))).toEqual([['journal.ts', 'mock-state.ts', 'journal.ts']]);
  });
});
