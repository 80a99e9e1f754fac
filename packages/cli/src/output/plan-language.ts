/**
 * The language of a printed plan (`medsched plan --lang de|en`), chosen like the CSV dialect: the
 * flag, else the profile's `plan-language`, else the locale of messages (LC_ALL, LC_MESSAGES, LANG:
 * `de_DE.UTF-8` → German). When none of them names German or English, the CLI leaves the
 * choice to the server, which prints in the signing account's language (`de…`/`en…`), else English.
 */

export const planLanguages = ['de', 'en'] as const;
export type PlanLanguage = (typeof planLanguages)[number];

/** Where the plan's language came from, for the echo and `config list`. */
export type PlanLanguageSource = 'flag' | 'profile' | 'locale' | 'server';

export interface PlanLanguageChoice {
  /** Undefined: the page address names none, and the server decides. */
  language: PlanLanguage | undefined;
  source: PlanLanguageSource;
  /** The locale variable's value when the locale chose (`de_DE.UTF-8`). */
  locale?: string;
}

const names: Record<PlanLanguage, string> = { de: 'German', en: 'English' };

export function isPlanLanguage(value: string): value is PlanLanguage {
  return (planLanguages as readonly string[]).includes(value);
}

/**
 * The locale that decides the language of messages, as POSIX orders it: LC_ALL, then LC_MESSAGES,
 * then LANG; undefined for nothing set.
 */
export function messagesLocale(env: NodeJS.ProcessEnv): string | undefined {
  return [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
}

/** `de_DE.UTF-8`, `de`, `de-AT` → `de`; `en_GB` → `en`; C, POSIX and other languages → undefined. */
export function planLanguageOfLocale(locale: string): PlanLanguage | undefined {
  const primary = /^([a-z]{2,3})(?:[_.@-]|$)/i.exec(locale)?.[1]?.toLowerCase();
  return primary !== undefined && isPlanLanguage(primary) ? primary : undefined;
}

/** The plan's language: `--lang`, else the profile's `plan-language`, else the locale, else the server's choice. */
export function resolvePlanLanguage(flag: PlanLanguage | undefined, profile: string | undefined, env: NodeJS.ProcessEnv): PlanLanguageChoice {
  if (flag !== undefined) return { language: flag, source: 'flag' };
  if (profile !== undefined && isPlanLanguage(profile)) return { language: profile, source: 'profile' };
  const locale = messagesLocale(env);
  const fromLocale = locale === undefined ? undefined : planLanguageOfLocale(locale);
  if (fromLocale !== undefined) return { language: fromLocale, source: 'locale', locale };
  return { language: undefined, source: 'server' };
}

/**
 * What the CLI says about the language, as the zone echo does: which, and why, and how to change it.
 * Silent when the flag chose (the user just said so).
 */
export function planLanguageNote(choice: PlanLanguageChoice): string | undefined {
  const other = (language: PlanLanguage) => (language === 'de' ? '--lang en for English' : '--lang de for German');
  if (choice.source === 'flag') return undefined;
  if (choice.language === undefined) return "Plan in your account's language (English unless it is German): no --lang, profile plan-language or de/en locale chose one";
  const why = choice.source === 'profile' ? 'profile plan-language' : `locale ${choice.locale ?? ''}`;
  return `Plan in ${names[choice.language]} (${why}; ${other(choice.language)})`;
}

/** The row of `config list`: `plan-language de locale de_DE.UTF-8`. */
export function planLanguageRow(choice: PlanLanguageChoice): { key: string; value: string; source: string } {
  if (choice.language === undefined) return { key: 'plan-language', value: '', source: "server: the account's language, else English" };
  return { key: 'plan-language', value: choice.language, source: choice.source === 'locale' ? `locale ${choice.locale ?? ''}` : choice.source };
}
