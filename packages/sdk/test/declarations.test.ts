/**
 * Every value the built declarations export must exist at run time, in every entry point and
 * format: a name that type-checks as a value and then is `undefined` (or throws on import) is
 * the worst kind of lie a package can tell. Reads dist/, so it runs after `pnpm build`.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const require = createRequire(import.meta.url);

const entries = [
  { name: '@medsched/sdk', esm: 'index.js', cjs: 'index.cjs', dts: 'index.d.ts', dcts: 'index.d.cts' },
  { name: '@medsched/sdk/schemas', esm: 'schemas/index.js', cjs: 'schemas/index.cjs', dts: 'schemas/index.d.ts', dcts: 'schemas/index.d.cts' },
  // The entry points for small bundles: the base client, each resource group (its class and standalone functions), and the pure recurrence rules.
  ...['core', 'accounts', 'calendars', 'devices', 'medications', 'organizations', 'pdf', 'users', 'recurrence'].map((name) => ({
    name: `@medsched/sdk/${name}`,
    esm: `${name}.js`,
    cjs: `${name}.cjs`,
    dts: `${name}.d.ts`,
    dcts: `${name}.d.cts`,
  })),
];

/** How the declarations are read: as a user's editor or tsc under node16 would. */
const compilerOptions: ts.CompilerOptions = { noEmit: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };

let declarations: ts.Program | undefined;

/**
 * One program over every declaration file of the entries below: each file's exports are the same
 * as in a program of its own, and zod's declarations (most of the work) are read once, not per file.
 */
function declarationProgram(): ts.Program {
  declarations ??= ts.createProgram(
    entries.flatMap((entry) => [dist + entry.dts, dist + entry.dcts]),
    compilerOptions,
  );
  return declarations;
}

/** The module symbol of a declaration file, and the checker that knows it. */
function moduleOf(declarationFile: string): { checker: ts.TypeChecker; moduleSymbol: ts.Symbol } {
  const program = declarationProgram();
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(declarationFile);
  if (!source) throw new Error(`cannot read ${declarationFile}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${declarationFile} is not a module`);
  return { checker, moduleSymbol };
}

/** The names a declaration file exports as values (classes, functions, consts), per the type checker. */
function exportedValues(declarationFile: string): string[] {
  const { checker, moduleSymbol } = moduleOf(declarationFile);
  return checker
    .getExportsOfModule(moduleSymbol)
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) !== 0;
    })
    .map((symbol) => symbol.getName())
    .sort();
}

describe.skipIf(!existsSync(`${dist}index.d.ts`))('built declarations against the built code', () => {
  for (const entry of entries) {
    it(`${entry.name}: every value in ${entry.dts} exists in the ESM build`, async () => {
      const names = exportedValues(dist + entry.dts);
      expect(names.length).toBeGreaterThan(1);
      const module = (await import(pathToFileURL(dist + entry.esm).href)) as Record<string, unknown>;
      expect(names.filter((name) => module[name] === undefined)).toEqual([]);
    });

    it(`${entry.name}: every value in ${entry.dcts} exists in the CJS build`, () => {
      const names = exportedValues(dist + entry.dcts);
      const module = require(dist + entry.cjs) as Record<string, unknown>;
      expect(names.filter((name) => module[name] === undefined)).toEqual([]);
    });
  }

  it('the root entry carries the schemas as values (import { CalendarEntry } from "@medsched/sdk" works)', async () => {
    const module = (await import(pathToFileURL(`${dist}index.js`).href)) as Record<string, { safeParse?: unknown }>;
    for (const name of ['CalendarEntry', 'UserRole', 'DeviceStatus', 'operations']) expect(module[name]).toBeDefined();
    expect(typeof module.CalendarEntry?.safeParse).toBe('function');
  });

  it('a resource group from its own entry point takes the base client from core, in both formats (one copy of each module)', async () => {
    type Core = typeof import('../src/core.js');
    type CalendarsEntry = typeof import('../src/resources/calendars.js');
    const esm = [(await import(pathToFileURL(`${dist}core.js`).href)) as Core, (await import(pathToFileURL(`${dist}calendars.js`).href)) as CalendarsEntry] as const;
    const cjs = [require(`${dist}core.cjs`) as Core, require(`${dist}calendars.cjs`) as CalendarsEntry] as const;
    for (const [core, calendars] of [esm, cjs]) {
      const calendarsOfClient = new calendars.Calendars(core.createBaseClient({ baseUrl: 'http://127.0.0.1:9/v1' }));
      expect(typeof calendarsOfClient.list).toBe('function');
      expect(typeof calendarsOfClient.bake.get).toBe('function');
      // Anything else is refused at once, with the way to build one.
      expect(() => new calendars.Calendars({} as never)).toThrow(/createBaseClient\(\)/);
      expect(() => new calendars.Calendars({} as never)).toThrow(core.MedschedError);
    }
  });
});

describe.skipIf(!existsSync(`${dist}index.d.ts`))('doc comments in the built declarations', () => {
  it('a field of an inferred output type shows its schema description (what an editor shows on hover)', () => {
    const { checker, moduleSymbol } = moduleOf(`${dist}index.d.ts`);
    const docOf = (typeName: string, field: string) => {
      const exported = checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.getName() === typeName)!;
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const property = checker.getDeclaredTypeOfSymbol(target).getProperty(field);
      return ts.displayPartsToString(property?.getDocumentationComment(checker));
    };
    expect(docOf('CalendarEntry', 'seriesId')).toMatch(/series/);
    expect(docOf('CalendarEntry', 'rrule')).toMatch(/RFC 5545/);
    expect(docOf('Device', 'alarmEnable')).toMatch(/alarms/);
    expect(docOf('User', 'accountId')).toMatch(/account/);
  });
});
