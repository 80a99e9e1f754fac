/**
 * A person's name as part of a file name every system accepts: lower-case ASCII letters, digits
 * and hyphens, umlauts written out (`Jürgen Müller` → `juergen-mueller`, `Żółć` → `zolc`), at
 * most 60 characters; undefined when nothing of the name is left (then the id is used).
 */
export function fileNamePart(name: string): string | undefined {
  const folds: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ø: 'o', ł: 'l', đ: 'd', ð: 'd', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i' };
  const part = name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[äöüßøłđðæœþı]/g, (letter) => folds[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return part === '' ? undefined : part;
}
