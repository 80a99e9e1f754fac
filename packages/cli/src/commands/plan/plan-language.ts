import type { Session } from '../../client/session.js';
import { planLanguageNote, resolvePlanLanguage, type PlanLanguage, type PlanLanguageChoice } from '../../output/plan-language.js';
import { cliProcess } from '../../io/cli-process.js';

/*
 * The plan command's use of the plan language: the page address and the note on stderr. The
 * setting itself (flag > profile > locale > the server's choice) is output/plan-language.ts,
 * which `config list` and `config set` read too.
 */

/** The query parameter that names the language on the plan page, or nothing. */
export function languageQuery(choice: PlanLanguageChoice): string {
  return choice.language === undefined ? '' : `&lang=${choice.language}`;
}

/** The plan's language for this run, said on stderr when it was not given with `--lang`. */
export function choosePlanLanguage(session: Session, flag: PlanLanguage | undefined): PlanLanguageChoice {
  const choice = resolvePlanLanguage(flag, session.settings.profile?.planLanguage, cliProcess().env);
  const note = planLanguageNote(choice);
  if (note !== undefined) session.printer.note(note);
  return choice;
}
