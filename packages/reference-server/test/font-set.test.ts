import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingGlyphText, planFonts } from '../src/domain/pdf/fonts/font-set.js';

/**
 * The plan's fonts never lose a character: what they cannot draw is printed as its code point,
 * so the printed text can always be read back into what was stored (composed, NFC).
 */

const fonts = await planFonts();
const lineBreaks = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Reads `[U+XXXX]` back into its character. */
const decode = (printed: string) => printed.replace(/\[U\+([0-9A-F]{4,6})\]/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
/** Text in the scripts the fonts cover and around them: Latin, Greek, Cyrillic, CJK, emoji, controls. */
const mixedText = fc
  .string({
    unit: fc.oneof(
      // oxlint-disable-next-line typescript/no-misused-spread -- one sample per code point, on purpose
      fc.constantFrom(...'aZ09 .,-½µ·ŁłŻżóćęąńśřžťůİığşÆøŒÿĀşțΩμέγαΆΰἀἄПривётЁёҐґЇїЄєЎўЂђЃѓЅѕЉљЊњЌќЏџӘәҮүếộư'),
      fc.constantFrom('王', '芳', '中', '😀', '\u0007', '\u0000', '\t', '\n', '\u200d', '\u0301', 'ע', 'ب', 'अ'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
    ),
    maxLength: 40,
  })
  .filter((text) => !text.includes('['));

describe('FontSet', () => {
  it('prints every character or its code point: the printed text reads back as stored (NFC)', () => {
    fc.assert(
      fc.property(mixedText, (text) => {
        const printed = fonts.printable(text);
        expect(decode(printed)).toBe(text.normalize('NFC').replace(lineBreaks, ' '));
        expect(printed).not.toMatch(/[\u0000-\u001f]/);
        // Every code point it names is reported as missing, and nothing else is.
        const named = [...printed.matchAll(/\[U\+([0-9A-F]{4,6})\]/g)].map((match) => parseInt(match[1]!, 16));
        expect(new Set(named)).toEqual(new Set(fonts.missingCodePoints([text])));
      }),
      { numRuns: 300 },
    );
  });

  it('draws each run with a face that has all its characters, in both weights', () => {
    fc.assert(
      fc.property(mixedText, fc.constantFrom('regular' as const, 'bold' as const), (text, weight) => {
        const printed = fonts.printable(text);
        const runs = fonts.runs(printed, weight);
        expect(runs.map((run) => run.text).join('')).toBe(printed);
        for (const run of runs) for (const char of run.text) expect(run.face.font.hasGlyphForCodePoint(char.codePointAt(0)!), `${char} in ${run.face.subset}`).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('cuts text to a width with "...", never inside a character', () => {
    fc.assert(
      fc.property(mixedText, fc.integer({ min: 12, max: 200 }), (text, width) => {
        const cut = fonts.fit(text, 'bold', 8.5, width);
        expect(fonts.width(cut, 'bold', 8.5)).toBeLessThanOrEqual(width + 1e-9);
        const printed = fonts.printable(text);
        if (cut !== printed) expect(printed.startsWith(cut.slice(0, -3).trimEnd())).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('names a missing character by its code point, astral ones too', () => {
    expect(fonts.printable('Wang 王芳 💊')).toBe('Wang [U+738B][U+82B3] [U+1F48A]');
    expect(missingGlyphText(0x7)).toBe('[U+0007]');
  });
});
