import { Option, type Command } from 'commander';
import { openSession } from '../../client/session.js';
import { defaultAppUrl } from '../../config/profile.js';
import { resolveBakeRange } from '../../dates/date-range.js';
import { dateIn } from '../../dates/time-zone.js';
import { addDays } from '../../dates/calendar-date.js';
import { humanDateHelp } from '../../dates/human-date.js';
import { zoneSourceText } from '../../dates/zone-source.js';
import { CliError, usageError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { patientOptionHelp, resolvePatient } from '../../identity/patient-lookup.js';
import { withExamples } from '../../output/help-examples.js';
import { appUrlOf } from './plan-app-url.js';
import { writePdfWhole } from './plan-file.js';
import { checkSignedLink, fetchPlanPdf } from './plan-pdf-fetch.js';
import { runPlanHome } from './plan-home.js';
import { adoptPatientZone } from '../../dates/home-zone.js';
import { patientName } from '../../identity/patient-name.js';
import { fileNamePart } from '../../output/file-name.js';
import { choosePlanLanguage, languageQuery } from './plan-language.js';
import { planLanguages } from '../../output/plan-language.js';
import type { PlanOptions } from './plan-options.js';
import { cliProcess } from '../../io/cli-process.js';

/** The date a range bound falls on: plan pages take whole days. */
function day(value: string, timeZone: string): string {
  return value.length === 10 ? value : dateIn(new Date(value), timeZone);
}

async function runPlan(options: PlanOptions, command: Command): Promise<void> {
  if (options.allPatients || options.organization !== undefined) return runPlanHome(options, command);
  const session = await openSession(command);
  if (options.patient === undefined) throw usageError('--patient is required', 'e.g. medsched plan --patient "Clara Claus" --from next-week');
  const appUrl = appUrlOf(session, options.appUrl);
  resolveBakeRange(options.from, options.to, session.settings.timezone); // a bad date is exit 2 before any request
  const patient = await resolvePatient(session, options.patient);
  // The patient's days in the patient's zone (the server plans in it), unless a zone was chosen.
  await adoptPatientZone(session, patient);
  let range = resolveBakeRange(options.from, options.to, session.settings.timezone);
  // One day given and no --to: a week from it, as the server's own plan page does by default.
  const aWeek = options.to === undefined && /^\d{4}-\d{2}-\d{2}$/.test(range.from) && range.from === range.to;
  if (aWeek) range = resolveBakeRange(options.from, addDays(range.from, 6), session.settings.timezone);
  session.printer.note(`Dates ${range.echo}${session.settings.timezoneSource === 'patient' ? ` (${zoneSourceText('patient')})` : ''}${aWeek ? ' (a week: give --to for another length)' : ''}`);
  const from = day(range.from, session.settings.timezone);
  const to = day(range.to, session.settings.timezone);
  const page = `${appUrl}/patients/${patient}/plan?from=${from}&to=${to}${languageQuery(choosePlanLanguage(session, options.lang))}`;
  const client = await session.client();
  // The plan lists baked intakes: a range with none would print an empty plan that looks like "nothing to take".
  const baked = await client.calendars.bake.get({ patient, from, to });
  if (baked.data.length === 0) {
    throw new CliError(
      `nothing is baked for patient ${session.patientNames.get(patient) ?? patient} from ${from} to ${to}: the plan would be empty`,
      ExitCode.notFound,
      `bake the range first: \`medsched bake --patient ${patient} --from ${from} --to ${to}\` (or check the dates)`,
    );
  }
  const { signed } = await client.pdf.sign(page);
  if (options.link) {
    // The same check as a download: a person may click this link, so it must be the server's own.
    cliProcess().stdout.write(`${checkSignedLink(signed, session.settings.baseUrl).href}\n`);
    session.printer.note('The link needs no credential and expires soon: anyone who has it can open the plan.');
    return;
  }
  // The patient's name in the file name (plan-juergen-mueller-2026-11-30.pdf); the id where the name cannot be read.
  const name = await patientName(session, patient);
  const out = options.out ?? `plan-${(name === undefined ? undefined : fileNamePart(name)) ?? patient}-${from}.pdf`;
  if (out === '-' && cliProcess().stdout.isTTY) throw usageError('will not write a PDF to the terminal', 'redirect it (> plan.pdf) or give --out plan.pdf');
  // Checked (origin, redirects, type, size, %PDF-) before a byte is saved; the link is the credential, no API key goes with it.
  const bytes = await fetchPlanPdf(signed, session.settings.baseUrl, `the plan of ${name ?? `patient ${patient}`}`);
  await writePdfWhole(out, bytes);
  if (out !== '-') session.printer.success(`Saved the plan of ${name === undefined ? `patient ${patient}` : `${name} (${patient})`} from ${from} to ${to} in ${out}`);
}

export function registerPlanCommand(program: Command): void {
  const plan = program
    .command('plan')
    .summary("save a patient's blister plan as a PDF")
    .description(
      "Save a patient's plan (the app page /patients/{id}/plan for a date range) as a PDF, through a signed link from GET /pdf/; or print the link with --link. Bake the range first: the plan lists baked intakes, and a range with nothing baked is an error (exit 5).",
    )
    .option('--patient <name|id>', `${patientOptionHelp} (required)`)
    .option('--from <date>', `first day: ${humanDateHelp}`)
    .option('--to <date>', 'last day (inclusive); default: the end of --from, and a week for a single day')
    .option('--out <file>', "where to save the PDF, - for stdout (default: plan-<patient's name>-<from>.pdf; with --all-patients plans-<from>-to-<to>.pdf)")
    .option('--all-patients', 'every patient of the organization: one PDF, a patient per page(s) in name order; patients with nothing baked are named on stderr')
    .option('--organization <id>', "with --all-patients: the organization (default: the profile's, else the credential's)")
    .option('--link', 'print the signed link instead of downloading')
    .addOption(
      new Option('--lang <language>', "the plan's language: de (German) or en (English); default: profile plan-language, then LC_ALL/LC_MESSAGES/LANG, then the account's language").choices(
        planLanguages,
      ),
    )
    .option('--app-url <url>', `the web app's address (env MEDSCHED_APP_URL, profile app-url; default ${defaultAppUrl})`)
    .action(runPlan);
  withExamples(plan, [
    'medsched plan --patient "Clara Claus" --from next-week',
    'medsched plan --patient patient1@sonnen.example --from 2026-01-05 --to 2026-01-11 --out clara.pdf',
    'medsched plan --patient clara --from next-week --link',
    'medsched plan --all-patients --from next-week --out home-week.pdf',
    'medsched plan --patient "Clara Claus" --from next-week --lang de',
  ]);
}
