/**
 * How a spreadsheet in the reader's locale reads CSV. `comma` is RFC 4180 with a decimal point
 * (English locales, scripts); `semicolon` is what Excel and LibreOffice expect where the decimal
 * separator is a comma (German, French, Dutch, …): `;` between cells and `0,5`, so that a half
 * tablet is imported as the number 0.5 and not as text that a sum silently skips.
 */
export const csvDialects = ['comma', 'semicolon'] as const;
export type CsvDialectName = (typeof csvDialects)[number];

/** A dialect's separator and decimal mark. */
export interface CsvDialect {
  name: CsvDialectName;
  delimiter: ',' | ';';
  decimal: '.' | ',';
}

const dialects: Record<CsvDialectName, CsvDialect> = {
  comma: { name: 'comma', delimiter: ',', decimal: '.' },
  semicolon: { name: 'semicolon', delimiter: ';', decimal: ',' },
};

/** Where the chosen dialect came from, for `config list`. */
export type CsvDialectSource = 'flag' | 'profile' | 'locale' | 'default';

export function isCsvDialectName(value: string): value is CsvDialectName {
  return (csvDialects as readonly string[]).includes(value);
}

export function csvDialect(name: CsvDialectName): CsvDialect {
  return dialects[name];
}

/**
 * The locale that decides number formats, as POSIX orders it: LC_ALL, then LC_NUMERIC, then
 * LANG (`de_DE.UTF-8` → `de-DE`). Undefined for C/POSIX or nothing set.
 */
export function numericLocale(env: NodeJS.ProcessEnv): string | undefined {
  const raw = [env.LC_ALL, env.LC_NUMERIC, env.LANG].find((value) => value !== undefined && value !== '');
  if (raw === undefined) return undefined;
  const tag = raw.split(/[.@]/)[0]?.replace(/_/g, '-') ?? '';
  if (tag === '' || tag === 'C' || tag === 'POSIX') return undefined;
  return tag;
}

/** The decimal mark of a locale, from ICU (de-DE: `,`; de-CH and en-US: `.`); undefined when the locale is unknown. */
function decimalMarkOf(locale: string): string | undefined {
  try {
    const [supported] = Intl.NumberFormat.supportedLocalesOf([locale]);
    if (supported === undefined) return undefined;
    return new Intl.NumberFormat(supported).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  } catch {
    return undefined;
  }
}

/**
 * The dialect in effect: `--csv-dialect`, else the profile's `csv-dialect`, else the locale's
 * decimal mark (a comma → `semicolon`), else `comma`.
 */
export function resolveCsvDialect(flag: CsvDialectName | undefined, profile: CsvDialectName | undefined, env: NodeJS.ProcessEnv): { dialect: CsvDialect; source: CsvDialectSource; locale?: string } {
  if (flag !== undefined) return { dialect: dialects[flag], source: 'flag' };
  if (profile !== undefined) return { dialect: dialects[profile], source: 'profile' };
  const locale = numericLocale(env);
  if (locale !== undefined) {
    const mark = decimalMarkOf(locale);
    if (mark !== undefined) return { dialect: mark === ',' ? dialects.semicolon : dialects.comma, source: 'locale', locale };
  }
  return { dialect: dialects.comma, source: 'default' };
}

/** A number as the dialect writes it: `0,5` with a decimal comma; never a thousands separator. */
export function formatNumber(value: number, dialect: CsvDialect): string {
  const text = String(value);
  return dialect.decimal === ',' ? text.replace('.', ',') : text;
}
