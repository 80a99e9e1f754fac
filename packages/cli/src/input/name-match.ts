/**
 * Letters that Unicode does not decompose into a base letter and a mark, folded by hand as
 * people type them on a keyboard without them (Ødegård → odegard, Łukasz → lukasz, Straße → strasse).
 */
const letterFolds: Readonly<Record<string, string>> = {
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ŀ: 'l',
  ŧ: 't',
};
const foldable = new RegExp(`[${Object.keys(letterFolds).join('')}]`, 'g');

/** German transliteration (ä → ae): `mueller` finds Müller as a German keyboard user writes it. */
const germanFolds: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue' };

function baseFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(foldable, (letter) => letterFolds[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A name as it is compared with what a person typed: case, accents and Unicode normalisation
 * (NFC as most systems write it, NFD as macOS pastes it) do not count, nor do runs of blanks.
 * `Müller` → `muller`, `Żółć` → `zolc`, `Nguyễn Văn` → `nguyen van`, `Ødegård` → `odegard`.
 */
export function foldName(text: string): string {
  return baseFold(text);
}

/** The forms a stored name is found by: folded, and with German umlauts written out (`mueller`). */
function foldedForms(text: string): string[] {
  const plain = baseFold(text);
  const german = baseFold(
    text
      .normalize('NFC')
      .toLowerCase()
      .replace(/[äöü]/g, (letter) => germanFolds[letter] ?? letter),
  );
  return german === plain ? [plain] : [plain, german];
}

/** Whether a stored name equals what was typed, as `foldName` compares. */
export function sameName(stored: string, typed: string): boolean {
  const wanted = foldName(typed);
  return foldedForms(stored).some((form) => form === wanted);
}

/** Whether a stored name contains what was typed, as `foldName` compares. */
export function nameContains(stored: string, typed: string): boolean {
  const wanted = foldName(typed);
  return foldedForms(stored).some((form) => form.includes(wanted));
}

/** Whether a stored name starts with what was typed (completion), as `foldName` compares. */
export function nameStartsWith(stored: string, typed: string): boolean {
  const wanted = foldName(typed);
  return foldedForms(stored).some((form) => form.startsWith(wanted));
}
