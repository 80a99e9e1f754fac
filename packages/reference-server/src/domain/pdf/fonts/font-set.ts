import fontkit, { type Font, type TypeFeatures } from '@pdf-lib/fontkit';
import type { FontFace, FontWeight } from './noto-sans.js';
import { woffToSfnt } from './woff.js';

/**
 * The plan's fonts, measured and split the same way for layout and drawing: text is cut into
 * runs, each drawn with the first face (Fontsource subset) that has all its characters. A
 * character that no face has is never dropped nor turned into "?": it is printed as its code
 * point, `[U+738B]`, and the plan says so (see `missingCodePoints`).
 */

/** A loaded face: the parsed font for measuring, the bytes (TrueType) for pdf-lib to embed and subset. */
export interface LoadedFace extends FontFace {
  font: Font;
  bytes: Uint8Array;
  /** Advance widths by code point, in font units, read once. */
  advances: Map<number, number>;
}

export interface TextRun {
  face: LoadedFace;
  text: string;
}

/**
 * Glyphs are laid out one per character, without OpenType features: ligatures would draw "ffi"
 * as one glyph and fractions reshape digits, and pdf-lib draws glyphs by their advances only
 * (no kerning, no mark positioning), so positioning features would be work for nothing. Every
 * feature fontkit turns on by default is named here, as fontkit only merges this with them.
 */
export const fontFeatures: TypeFeatures = Object.fromEntries(
  ['rvrn', 'ltra', 'ltrm', 'frac', 'numr', 'dnom', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'dlig', 'rclt', 'curs', 'kern'].map((tag) => [tag, false]),
);

/** How a character that no face has is printed: ASCII, so the Latin face always has it. */
export const missingGlyphText = (codePoint: number): string => `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`;

/** Tab, line feed and other line breaks print as a space; other control characters by code point. */
const spaceLike = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** Control characters: some fonts map them to an empty glyph, which would hide them. */
const control = /^\p{Cc}$/u;

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export class FontSet {
  readonly #faces: Record<FontWeight, LoadedFace[]>;

  private constructor(faces: LoadedFace[]) {
    this.#faces = { regular: faces.filter((face) => face.weight === 'regular'), bold: faces.filter((face) => face.weight === 'bold') };
  }

  /** Reads the faces (base64 WOFF) once: inflated to TrueType, parsed by fontkit. */
  static async load(faces: readonly FontFace[]): Promise<FontSet> {
    const loaded = await Promise.all(
      faces.map(async (face) => {
        const bytes = await woffToSfnt(decodeBase64(face.base64));
        return { ...face, bytes, font: fontkit.create(bytes), advances: new Map<number, number>() };
      }),
    );
    return new FontSet(loaded);
  }

  /** Where the top of capitals lies above the baseline, as a fraction of the font size. */
  get capHeight(): number {
    const latin = this.#faces.regular[0]!.font;
    return latin.capHeight / latin.unitsPerEm;
  }

  /**
   * The text as it will be printed: composed (NFC, so a decomposed "Z" + dot prints as the "Ż"
   * the font has), line breaks as spaces, and every character no face has as `[U+XXXX]`.
   */
  printable(text: string): string {
    let out = '';
    for (const char of text.normalize('NFC').replace(spaceLike, ' ')) {
      const codePoint = char.codePointAt(0)!;
      out += this.#printable(char, codePoint) ? char : missingGlyphText(codePoint);
    }
    return out;
  }

  /** Printable `text` cut to `width` points, ending in "..." when it had to cut (never inside a character). */
  fit(text: string, weight: FontWeight, size: number, width: number): string {
    const clean = this.printable(text);
    if (this.width(clean, weight, size) <= width) return clean;
    const chars = Array.from(clean);
    // The longest prefix that fits with its "...", by bisection: names and addresses can be long.
    let fits = 0;
    let fails = chars.length;
    while (fails - fits > 1) {
      const middle = (fits + fails) >> 1;
      if (this.width(`${chars.slice(0, middle).join('')}...`, weight, size) <= width) fits = middle;
      else fails = middle;
    }
    return `${chars.slice(0, fits).join('').trimEnd()}...`;
  }

  /** The code points of `texts` that the fonts lack, in order of first appearance, once each. */
  missingCodePoints(texts: Iterable<string>): number[] {
    const missing = new Set<number>();
    for (const text of texts) {
      for (const char of text.normalize('NFC').replace(spaceLike, ' ')) {
        const codePoint = char.codePointAt(0)!;
        if (!this.#printable(char, codePoint)) missing.add(codePoint);
      }
    }
    return [...missing];
  }

  /** Printable text (see `printable`) cut into runs of one face each, longest runs first. */
  runs(text: string, weight: FontWeight): TextRun[] {
    const runs: TextRun[] = [];
    for (const char of text) {
      const codePoint = char.codePointAt(0)!;
      const last = runs.at(-1);
      // Stay in the current face while it has the character (spaces, digits, punctuation).
      if (last && last.face.font.hasGlyphForCodePoint(codePoint)) {
        last.text += char;
        continue;
      }
      const face = this.#faceFor(codePoint, weight) ?? this.#faces[weight][0]!;
      runs.push({ face, text: char });
    }
    return runs;
  }

  /** Width in points of printable `text` at `size`: the advances of its glyphs, run by run. */
  width(text: string, weight: FontWeight, size: number): number {
    let units = 0;
    for (const run of this.runs(text, weight)) units += runWidth(run) * (1000 / run.face.font.unitsPerEm);
    return (units * size) / 1000;
  }

  /** Whether both weights have a visible glyph for the character. */
  #printable(char: string, codePoint: number): boolean {
    return !control.test(char) && this.#faceFor(codePoint, 'regular') !== undefined && this.#faceFor(codePoint, 'bold') !== undefined;
  }

  #faceFor(codePoint: number, weight: FontWeight): LoadedFace | undefined {
    return this.#faces[weight].find((face) => face.font.hasGlyphForCodePoint(codePoint));
  }
}

/** A run's advance in font units: the sum of its glyphs' advances, as pdf-lib places them. */
export function runWidth(run: TextRun): number {
  let total = 0;
  for (const char of run.text) {
    const codePoint = char.codePointAt(0)!;
    let advance = run.face.advances.get(codePoint);
    if (advance === undefined) run.face.advances.set(codePoint, (advance = run.face.font.glyphForCodePoint(codePoint).advanceWidth));
    total += advance;
  }
  return total;
}

let loaded: Promise<FontSet> | undefined;

/**
 * The plan's fonts, read once per process (or page) on first use. The font files are a module
 * of their own, so that bundlers put their 350 kB in a chunk apart from pdf-lib and fontkit.
 */
export function planFonts(): Promise<FontSet> {
  // A failed load is not kept: the next PDF tries again.
  loaded ??= import('./noto-sans.js')
    .then(({ notoSansFaces }) => FontSet.load(notoSansFaces))
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}
