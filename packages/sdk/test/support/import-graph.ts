import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One module's imports of other modules of the same tree (`import type` and `export … from` included). */
export type ImportGraph = Map<string, string[]>;

/** Every `.ts` file under `root`, as paths relative to it. */
function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(root, path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative(root, path)] : [];
  });
}

/**
 * The relative imports of each module under `root`, read with the TypeScript compiler's parser:
 * static imports and re-exports, type-only ones too (`import type`, `export type * from`), and
 * `import('…')` types. A circle through types alone is a circle: it ties the layers together in
 * the declarations and in every reader's head, even where the JavaScript drops it.
 * `isModule` leaves files out (the CLI keeps a command's tests beside it, and they import test
 * helpers from outside `root`); every file counts unless it says otherwise.
 */
export function importGraph(root: string, isModule: (file: string) => boolean = () => true): ImportGraph {
  const files = sourceFiles(root).filter(isModule);
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    const targets = new Set<string>();
    const visit = (node: ts.Node): void => {
      let specifier: ts.Expression | undefined;
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) specifier = node.moduleSpecifier;
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) specifier = node.argument.literal;
      else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) specifier = node.arguments[0];
      // A JSON file (the CLI's `export { version } from '../package.json'`) is data, not a module that imports.
      if (specifier !== undefined && ts.isStringLiteral(specifier) && specifier.text.startsWith('.') && !specifier.text.endsWith('.json')) {
        const target = relative(root, resolve(root, dirname(file), specifier.text)).replace(/\.js$/, '.ts');
        const resolved = known.has(target) ? target : known.has(join(target, 'index.ts')) ? join(target, 'index.ts') : undefined;
        if (resolved === undefined) throw new Error(`${file}: cannot resolve ${specifier.text}`);
        targets.add(resolved);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The import circles: each strongly connected group of more than one module, or a module importing itself (Tarjan). */
export function importCircles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(group.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  return circles;
}

/** One path of imports from `from` back to itself inside a circle, for the failure message. */
export function circlePath(graph: ImportGraph, circle: string[]): string[] {
  const members = new Set(circle);
  const start = circle[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return circle;
}
