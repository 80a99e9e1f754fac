/**
 * Compiles test/types/contract-types.ts and schema-types.ts with the TypeScript checker and
 * expects no diagnostics:
 * the precise outputs, open unions, the bake union, rrule, withResponse, request() and the
 * logger entry are checked as types, and each `@ts-expect-error` there must still find its error.
 */
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';

it('the public types say what the contract says', () => {
  const files = ['./types/contract-types.ts', './types/schema-types.ts'].map((path) => fileURLToPath(new URL(path, import.meta.url)));
  const config = ts.getParsedCommandLineOfConfigFile(fileURLToPath(new URL('./tsconfig.json', import.meta.url)), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(files, { ...config!.options, noEmit: true, noUnusedLocals: false });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file?.fileName.split('/').pop()}:${d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : '?'} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  expect(diagnostics).toEqual([]);
}, 60_000);
