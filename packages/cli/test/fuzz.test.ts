import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, escapeJsonText } from '../src/output/clean-text.js';
import { runCli } from './support/run-cli.js';
import { useSignedInCli } from './support/cli-server.js';
import { demoUser } from './support/test-server.js';

const nurse = demoUser(0, 'user');
const felix = demoUser(0, 'onlyself');

const cli = useSignedInCli(nurse);

/** Bidi controls and C1 controls: what a terminal obeys and JSON.stringify leaves raw. */
const unsafeRaw = /[\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Text as a hostile or broken server might send it: escape sequences, C0/C1 controls, bidi controls, anything. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.constantFrom('\u001b[31m', '\u001b[2J', '\u001b]0;title\u0007', '\u001b]8;;http://x\u001b\\', '\u009b1m', '\r', '\b', '\u007f', '\u0000', '\u001bc'),
      fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
      fc.constantFrom('\u202e', '\u202d', '\u202a', '\u202b', '\u202c', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e', '\u200f', '\u061c', 'gnp.exe'),
      fc.integer({ min: 0x2000, max: 0x206f }).map((code) => String.fromCharCode(code)),
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('fuzzed', () => {
  it('cleanText leaves no escape or control character but tab and newline, and keeps plain text as it is', () => {
    fc.assert(
      fc.property(hostileText, (text) => !/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(cleanText(text)) && !unsafeRaw.test(cleanText(text))),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/[\u0000-\u001f\u007f-\u009f]/.test(text)),
        (text) => cleanText(text) === text,
      ),
    );
  });

  it('escapeJsonText: the JSON means the same value, and carries no raw bidi or C1 control', () => {
    const value = fc.dictionary(hostileText, fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 }), fc.integer()), { maxKeys: 4 });
    fc.assert(
      fc.property(value, (record) => {
        const text = escapeJsonText(JSON.stringify(record, null, 2));
        expect(unsafeRaw.test(text)).toBe(false);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(record)));
      }),
      { numRuns: 2_000 },
    );
  });

  it('server text in titles never reaches the terminal as control characters (CLI as a process)', async () => {
    for (const title of fc.sample(
      hostileText.filter((text) => text.length > 0 && text.length <= 500 && !text.includes('\u0000')),
      { numRuns: 6, seed: 12 },
    )) {
      const created = await runCli(['calendar', 'create', '--patient', felix.userId, '--name', title, '--date', '2026-05-04', '--time', '09:00', '--json', 'id'], cli.env);
      expect(created.code, created.stderr).toBe(0);
      const { id } = JSON.parse(created.stdout) as { id: string };
      for (const format of ['table', 'csv']) {
        const shown = await runCli(['calendar', 'get', id, '--output', format], cli.env);
        expect(shown.code, shown.stderr).toBe(0);
        expect(shown.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u000c\u000e-\u001f\u007f-\u009f]/);
      }
    }
  });

  it('any --patient text ends in a use, a list, a usage error or not found: never a crash or an SDK message', async () => {
    // argv cannot carry NUL bytes: everything else can reach the CLI.
    const values = fc.sample(
      fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('%', '_', '.*', "'; drop", 'a'.repeat(201), '\u001b[31mx', 'clara ')).filter((text) => !text.includes('\u0000')),
      { numRuns: 10, seed: 7 },
    );
    for (const value of values) {
      const result = await runCli(['calendar', 'list', '--patient', value, '--limit', '1'], cli.env);
      expect([0, 2, 5], `--patient ${JSON.stringify(value)}: ${result.stderr}`).toContain(result.code);
      expect(result.stderr).not.toMatch(/users\.list|query of|at .*\.js:\d+/);
    }
  });
});
