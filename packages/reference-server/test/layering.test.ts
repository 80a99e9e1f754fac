/**
 * The reference server's modules import one way: no import circle anywhere in src/ (`import type`
 * included), and only `node/` and the entry points reach the Node binding, so that handlers,
 * routes and the domain stay Web-standard (architecture.md) and run in a service worker too.
 * Static: reads src/ with the TypeScript parser (the SDK's test/support/import-graph.ts), no build.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circlePath, importCircles, importGraph, type ImportGraph } from '../../sdk/test/support/import-graph.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** Every import of a `node/` module from outside `node/`, as `from -> to`. */
function nodeImportsOutsideNode(graph: ImportGraph): string[] {
  return [...graph].flatMap(([from, targets]) => (from.startsWith('node/') ? [] : targets.filter((to) => to.startsWith('node/')).map((to) => `${from} -> ${to}`)));
}

describe('the reference server imports one way', () => {
  const graph = importGraph(src);

  it('reads every module of src/ (the checker sees the whole tree)', () => {
    expect(graph.get('node/environment.ts')).toContain('node/usage-error.ts');
    expect(graph.get('routes/pdf.ts')).toContain('domain/pdf/sign-pdf-link.ts');
    expect(graph.size).toBeGreaterThan(100);
  });

  it('has no import circle, through `import type` neither', () => {
    expect(importCircles(graph).map((circle) => circlePath(graph, circle).join(' -> '))).toEqual([]);
  });

  it('reaches node/ only from node/ (handlers, routes and the domain use Web APIs only)', () => {
    expect(nodeImportsOutsideNode(graph)).toEqual([]);
  });

  it('finds the circles this package had, made of type imports too (the check can fail)', () => {
    const circular: ImportGraph = new Map([
      ['domain/directory/lookups.ts', ['domain/operation/context.ts']],
      ['domain/operation/context.ts', ['domain/pdf/pdf-links.ts']],
      ['domain/pdf/pdf-links.ts', ['domain/directory/lookups.ts', 'node/environment.ts']],
      ['node/environment.ts', []],
    ]);
    expect(importCircles(circular).map((circle) => circlePath(circular, circle))).toEqual([
      ['domain/directory/lookups.ts', 'domain/operation/context.ts', 'domain/pdf/pdf-links.ts', 'domain/directory/lookups.ts'],
    ]);
    expect(nodeImportsOutsideNode(circular)).toEqual(['domain/pdf/pdf-links.ts -> node/environment.ts']);
  });
});
