import { adoptOrganizationZone } from '../../dates/home-zone.js';
import type { Command } from 'commander';
import { openSession, type Session } from '../../client/session.js';
import { addDays } from '../../dates/calendar-date.js';
import { resolveBakeRange } from '../../dates/date-range.js';
import { dateIn } from '../../dates/time-zone.js';
import { CliError, usageError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { readHome } from '../../home/home-patients.js';
import { walkPatients } from '../../home/patient-walk.js';
import { plural } from '../../output/plural.js';
import { appUrlOf } from './plan-app-url.js';
import { writePdfWhole } from './plan-file.js';
import { fetchPlanPdf } from './plan-pdf-fetch.js';
import { choosePlanLanguage, languageQuery } from './plan-language.js';
import type { PlanOptions } from './plan-options.js';
import { cliProcess } from '../../io/cli-process.js';

/** Whole days; one day without --to means a week from it, as for one patient's plan. */
function planDays(session: Session, options: PlanOptions): { from: string; to: string } {
  const zone = session.settings.timezone;
  let range = resolveBakeRange(options.from, options.to, zone);
  const aWeek = options.to === undefined && /^\d{4}-\d{2}-\d{2}$/.test(range.from) && range.from === range.to;
  if (aWeek) range = resolveBakeRange(options.from, addDays(range.from, 6), zone);
  session.printer.note(`Dates ${range.echo}${aWeek ? ' (a week: give --to for another length)' : ''}`);
  const day = (value: string) => (value.length === 10 ? value : dateIn(new Date(value), zone));
  return { from: day(range.from), to: day(range.to) };
}

/** One PDF of the plans, in the given order: every page of each, nothing else. */
async function mergePlans(plans: readonly Uint8Array[], title: string): Promise<{ bytes: Uint8Array; pages: number }> {
  // pdf-lib (pure JavaScript, loaded only here) copies pages between documents in any runtime.
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  merged.setTitle(title);
  merged.setCreator('medsched plan --all-patients');
  for (const plan of plans) {
    const source = await PDFDocument.load(plan);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return { bytes: await merged.save(), pages: merged.getPageCount() };
}

/**
 * `plan --all-patients`: every patient's plan (the app's plan page through a signed link from
 * GET /pdf/, as for one patient), merged into one PDF in name order; patients with nothing baked
 * are left out and named, since an empty plan would read as "nothing to take".
 */
export async function runPlanHome(options: PlanOptions, command: Command): Promise<void> {
  if (options.patient !== undefined) throw usageError('give either --patient, or --all-patients (with or without --organization)');
  if (!options.allPatients) throw usageError('--organization needs --all-patients', 'e.g. medsched plan --all-patients --organization ID --from next-week');
  if (options.link) throw usageError("--link gives one patient's link; --all-patients saves one PDF of every plan", 'drop --link, or give --patient');
  const session = await openSession(command);
  const appUrl = appUrlOf(session, options.appUrl);
  await adoptOrganizationZone(session, options.organization);
  const range = planDays(session, options);
  const out = options.out ?? `plans-${range.from}-to-${range.to}.pdf`;
  if (out === '-' && cliProcess().stdout.isTTY) throw usageError('will not write a PDF to the terminal', 'redirect it (> plans.pdf) or give --out plans.pdf');
  const language = languageQuery(choosePlanLanguage(session, options.lang));
  const home = await readHome(session, options.organization);
  const client = await session.client();
  const plans = await walkPatients(
    session,
    home.patients,
    {
      label: `Fetching the plans of ${plural(home.patients.length, 'patient')} of ${home.label}`,
      done: (count) => `Fetched the plans of ${plural(count, 'patient')}`,
      doneVerb: 'Fetched the plans of',
      leftBehind: `${out === '-' ? 'no PDF was printed' : `${out} was not written`}`,
    },
    async (patient) => {
      // The plan lists baked intakes: a patient with none is left out, not printed as an empty page.
      const baked = await client.calendars.bake.get({ patient: patient.id, ...range });
      if (baked.data.length === 0) return undefined;
      const { signed } = await client.pdf.sign(`${appUrl}/patients/${patient.id}/plan?from=${range.from}&to=${range.to}${language}`);
      return fetchPlanPdf(signed, session.settings.baseUrl, `the plan of ${patient.name}`);
    },
  );
  const leftOut = home.patients.filter((_patient, index) => plans[index] === undefined);
  const printed = plans.filter((plan): plan is Uint8Array => plan !== undefined);
  if (printed.length === 0) {
    throw new CliError(
      `nothing is baked for any patient of ${home.label} from ${range.from} to ${range.to}: every plan would be empty`,
      ExitCode.notFound,
      `bake the range first: \`medsched bake --all-patients --from ${range.from} --to ${range.to}\` (or check the dates)`,
    );
  }
  const merged = await mergePlans(printed, `Plans of ${home.label}, ${range.from} to ${range.to}`);
  await writePdfWhole(out, merged.bytes);
  if (leftOut.length > 0) session.printer.warn(`Left out (nothing baked from ${range.from} to ${range.to}): ${leftOut.map((patient) => patient.name).join(', ')}.`);
  const where = out === '-' ? 'on stdout' : `in ${out}`;
  session.printer.success(`Saved the plans of ${plural(printed.length, 'patient')} (${plural(merged.pages, 'page')}, in name order) from ${range.from} to ${range.to} ${where}`);
}
