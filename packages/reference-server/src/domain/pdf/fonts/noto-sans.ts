/*! Noto Sans, from @fontsource/noto-sans 5.3.0: Copyright 2022 The Noto Project Authors
 * (https://github.com/notofonts/latin-greek-cyrillic). Licensed under the SIL Open Font License,
 * Version 1.1 (https://openfontlicense.org); the licence's full text ships beside this bundle as
 * NotoSans-OFL.txt. */
import cyrillicBold from '@fontsource/noto-sans/files/noto-sans-cyrillic-700-normal.woff';
import cyrillicRegular from '@fontsource/noto-sans/files/noto-sans-cyrillic-400-normal.woff';
import greekBold from '@fontsource/noto-sans/files/noto-sans-greek-700-normal.woff';
import greekExtBold from '@fontsource/noto-sans/files/noto-sans-greek-ext-700-normal.woff';
import greekExtRegular from '@fontsource/noto-sans/files/noto-sans-greek-ext-400-normal.woff';
import greekRegular from '@fontsource/noto-sans/files/noto-sans-greek-400-normal.woff';
import latinBold from '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff';
import latinExtBold from '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff';
import latinExtRegular from '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff';
import latinRegular from '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff';
import vietnameseBold from '@fontsource/noto-sans/files/noto-sans-vietnamese-700-normal.woff';
import vietnameseRegular from '@fontsource/noto-sans/files/noto-sans-vietnamese-400-normal.woff';

/**
 * The plan's typeface: Noto Sans in the subsets Fontsource cuts it into (by Unicode range), in
 * the two weights the plan uses. WOFF, not WOFF2: @pdf-lib/fontkit cannot subset a WOFF2 font
 * (its transformed glyph table breaks TTFSubset). Together these cover Latin (Western and
 * Central European, Turkish, Vietnamese, combining accents), Greek (monotonic and polytonic) and
 * Cyrillic (Russian, Ukrainian, Bulgarian, Serbian); Cyrillic-ext, CJK and other scripts are not
 * embedded (see `font-set.ts` for what the plan prints instead).
 */

export type FontWeight = 'regular' | 'bold';

export interface FontFace {
  /** The Fontsource subset, e.g. `latin-ext`. */
  subset: string;
  weight: FontWeight;
  /** The WOFF file, base64. */
  base64: string;
}

/** In order of preference: a character is drawn with the first face that has it. */
export const notoSansFaces: readonly FontFace[] = [
  { subset: 'latin', weight: 'regular', base64: latinRegular },
  { subset: 'latin-ext', weight: 'regular', base64: latinExtRegular },
  { subset: 'greek', weight: 'regular', base64: greekRegular },
  { subset: 'greek-ext', weight: 'regular', base64: greekExtRegular },
  { subset: 'cyrillic', weight: 'regular', base64: cyrillicRegular },
  { subset: 'vietnamese', weight: 'regular', base64: vietnameseRegular },
  { subset: 'latin', weight: 'bold', base64: latinBold },
  { subset: 'latin-ext', weight: 'bold', base64: latinExtBold },
  { subset: 'greek', weight: 'bold', base64: greekBold },
  { subset: 'greek-ext', weight: 'bold', base64: greekExtBold },
  { subset: 'cyrillic', weight: 'bold', base64: cyrillicBold },
  { subset: 'vietnamese', weight: 'bold', base64: vietnameseBold },
];
