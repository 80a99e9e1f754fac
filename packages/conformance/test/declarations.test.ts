/**
 * Every value the built declarations export exists at run time in both formats (ESM for Vitest,
 * CJS for Jest), and the CJS build runs the rules. Reads dist/, so it runs after the package's build.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { demoCredentials, inProcessReference } from './support/in-process.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const require = createRequire(import.meta.url);

/** The names each declaration file exports as values (classes, functions, consts), per the type checker: one program for both (it loads zod's and the SDK's types once). */
let program: ts.Program | undefined;
function exportedValues(declarationFile: string): string[] {
  program ??= ts.createProgram([`${dist}index.d.ts`, `${dist}index.d.cts`], { noEmit: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(declarationFile)!);
  if (!moduleSymbol) throw new Error(`${declarationFile} is not a module`);
  return checker
    .getExportsOfModule(moduleSymbol)
    .filter((symbol) => ((symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol).flags & ts.SymbolFlags.Value) !== 0)
    .map((symbol) => symbol.getName())
    .sort();
}

describe.skipIf(!existsSync(`${dist}index.d.ts`))('the built package', () => {
  it('every value in index.d.ts exists in the ESM build, and in index.d.cts in the CJS build', async () => {
    const esmNames = exportedValues(`${dist}index.d.ts`);
    expect(esmNames).toEqual(expect.arrayContaining(['checkConformance', 'formatReport', 'toJunit', 'conformanceRules', 'ConformanceError']));
    const esm = (await import(pathToFileURL(`${dist}index.js`).href)) as Record<string, unknown>;
    expect(esmNames.filter((name) => esm[name] === undefined)).toEqual([]);
    const cjs = require(`${dist}index.cjs`) as Record<string, unknown>;
    expect(exportedValues(`${dist}index.d.cts`).filter((name) => cjs[name] === undefined)).toEqual([]);
    // The type checker reads zod's declarations: slow on a busy machine, not a timing of ours.
  }, 120_000);

  it('the CommonJS build (what Jest loads) runs the rules: the read-only ones pass against the reference server', async () => {
    const { checkConformance } = require(`${dist}index.cjs`) as typeof import('../src/index.js');
    const reference = await inProcessReference();
    const report = await checkConformance({ baseUrl: reference.baseUrl, fetch: reference.fetch, credentials: demoCredentials, readOnly: true });
    expect(report.ok).toBe(true);
    expect(report.counts.fail + report.counts.error).toBe(0);
  });
});
