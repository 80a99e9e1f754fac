/**
 * The language a plan is printed in: German or English. A plan page's address may name it
 * (`?lang=de`, signed with the rest of the address); without it the plan follows the language of
 * the account that signed the link (`de…` German, `en…` English), else English.
 */

export const planLanguages = ['de', 'en'] as const;
export type PlanLanguage = (typeof planLanguages)[number];
export const defaultPlanLanguage: PlanLanguage = 'en';

export type PlanLanguageRead = { ok: true; language: PlanLanguage | undefined } | { ok: false; reason: string };

function isPlanLanguage(value: string): value is PlanLanguage {
  return (planLanguages as readonly string[]).includes(value);
}

/** The `lang` of a plan page's query: undefined when absent; named once, and one of `planLanguages`. */
export function readPlanLanguage(search: URLSearchParams): PlanLanguageRead {
  const given = search.getAll('lang');
  if (given.length === 0) return { ok: true, language: undefined };
  const supported = planLanguages.join(' or ');
  if (given.length > 1) return { ok: false, reason: `lang appears ${given.length} times in the page address; give it once: ${supported}` };
  const value = given[0]!;
  if (!isPlanLanguage(value)) return { ok: false, reason: `lang in the page address must be ${supported}, not ${JSON.stringify(value.slice(0, 40))}` };
  return { ok: true, language: value };
}

/** The plan language of an account's `language` (BCP 47): `de`, `de-AT` → German; `en…` → English; anything else → undefined. */
export function planLanguageOfAccount(language: string | null | undefined): PlanLanguage | undefined {
  const primary = /^([a-z]{2,3})(?:[-_]|$)/i.exec(language ?? '')?.[1]?.toLowerCase();
  return primary !== undefined && isPlanLanguage(primary) ? primary : undefined;
}

/** The language a plan prints in: the page's `lang`, else the signer's account language, else English. */
export function planLanguageOf(fromPage: PlanLanguage | undefined, signerLanguage: string | null | undefined): PlanLanguage {
  return fromPage ?? planLanguageOfAccount(signerLanguage) ?? defaultPlanLanguage;
}
