import type { PlanLanguage } from '../../output/plan-language.js';

/** The options of `medsched plan`, for one patient and for `--all-patients` alike. */
export interface PlanOptions {
  patient?: string;
  from?: string;
  to?: string;
  out?: string;
  link?: boolean;
  appUrl?: string;
  allPatients?: boolean;
  organization?: string;
  /** `--lang de|en`: the plan's language (commander checks the choice). */
  lang?: PlanLanguage;
}
