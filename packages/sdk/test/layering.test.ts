/**
 * The SDK's layers, as architecture.md states them: schemas → transport → resources → client.
 * No module reaches back up, `import type` included, and no import circle exists anywhere in
 * src/. That is what keeps the layers visible, and what lets a bundler drop the operations a
 * program does not call (a resource that imported the client would bring every other resource).
 * Static: reads src/ with the TypeScript parser (test/support/import-graph.ts), no build needed.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circlePath, importCircles, importGraph, type ImportGraph } from './support/import-graph.js';

const src = fileURLToPath(new URL('../src/', import.meta.url));

/** The layer of a module under src/, lowest first; the entry points sit on top. */
const layers = ['schemas', 'transport', 'resources', 'client', 'entry'] as const;
type Layer = (typeof layers)[number];

function layerOf(file: string): Layer {
  if (file.startsWith('schemas/')) return 'schemas';
  if (file.startsWith('resources/')) return 'resources';
  if (file === 'client.ts') return 'client';
  if (file === 'index.ts' || file === 'core.ts') return 'entry'; // the entry points that gather the others
  // Everything else (transport, errors, retries, pagination, the base client, the schema compiler) is the transport layer.
  return 'transport';
}

/** Every import that points to a higher layer, as `from -> to`. */
function upwardImports(graph: ImportGraph): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets.filter((to) => layers.indexOf(layerOf(to)) > layers.indexOf(layerOf(from))).map((to) => `${from} (${layerOf(from)}) -> ${to} (${layerOf(to)})`),
  );
}

describe('the SDK imports one way', () => {
  const graph = importGraph(src);

  it('reads every module of src/ (the checker sees the whole tree)', () => {
    expect(graph.get('client.ts')).toContain('base-client.ts');
    expect(graph.get('transport.ts')).toContain('transport-types.ts'); // an `export type * from` counts
    expect(graph.size).toBeGreaterThan(40);
  });

  it('has no import circle, through `import type` neither', () => {
    expect(importCircles(graph).map((circle) => circlePath(graph, circle).join(' -> '))).toEqual([]);
  });

  it('never imports from a higher layer (schemas → transport → resources → client)', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('finds a circle made of type imports alone, and an upward import (the check can fail)', () => {
    const circular: ImportGraph = new Map([
      ['client.ts', ['resources/calendars.ts']],
      ['resources/calendars.ts', ['transport.ts']],
      ['transport.ts', ['client.ts']],
    ]);
    expect(importCircles(circular).map((circle) => circlePath(circular, circle))).toEqual([['client.ts', 'resources/calendars.ts', 'transport.ts', 'client.ts']]);
    expect(upwardImports(circular)).toEqual(['transport.ts (transport) -> client.ts (client)']);
  });
});
