import fontkit, { type Font, type TypeFeatures } from '@pdf-lib/fontkit';
import { notoSansFaces, type FontFace, type FontWeight } from './noto-sans.js';

/**
 * The plan's fonts, measured and split the same way for layout and drawing: text is cut into
 * runs, each drawn with the first face (Fontsource subset) that has all its characters. A
 * character that no face has is never dropped nor turned into "?": it is printed as its code
 * point, `[U+738B]`, and the plan says so (see `missingCodePoints`).
 */

/** A loaded face: the parsed font for measuring, the bytes for pdf-lib to embed and subset. */
export interface LoadedFace extends FontFace {
  font: Font;
  bytes: Uint8Array;
}

export interface TextRun {
  face: LoadedFace;
  text: string;
}

/**
 * OpenType features left out when laying out glyphs: ligatures and contextual forms would draw
 * "ffi" as one glyph, and fractions would reshape digits; one glyph per character keeps the
 * printed text what was stored, also for a reader that copies it out of the PDF.
 */
export const fontFeatures: TypeFeatures = { liga: false, clig: false, dlig: false, calt: false, frac: false, numr: false, dnom: false };

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

  constructor(faces: readonly FontFace[]) {
    const loaded = faces.map((face) => {
      const bytes = decodeBase64(face.base64);
      return { ...face, bytes, font: fontkit.create(bytes) };
    });
    this.#faces = { regular: loaded.filter((face) => face.weight === 'regular'), bold: loaded.filter((face) => face.weight === 'bold') };
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

/** A run's advance in font units, laid out as pdf-lib lays it out when it draws it. */
export function runWidth(run: TextRun): number {
  let total = 0;
  for (const glyph of run.face.font.layout(run.text, fontFeatures).glyphs) total += glyph.advanceWidth;
  return total;
}

let loaded: FontSet | undefined;

/** The plan's fonts, parsed once per process (or page) on first use. */
export function planFonts(): FontSet {
  loaded ??= new FontSet(notoSansFaces);
  return loaded;
}
