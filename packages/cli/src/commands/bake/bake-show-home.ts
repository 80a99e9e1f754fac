import { adoptOrganizationZone } from '../../dates/home-zone.js';
import type { Command } from 'commander';
import type { BakeResult, User } from '@medsched/sdk';
import { openSession, type Session } from '../../client/session.js';
import { CliError, usageError } from '../../errors/cli-error.js';
import { resolveBakeRange } from '../../dates/date-range.js';
import { dateIn } from '../../dates/time-zone.js';
import { explainOtherPatient, patientOrOwn } from '../../identity/own-patient.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { patientName } from '../../identity/patient-name.js';
import { readHome } from '../../home/home-patients.js';
import { walkPatients } from '../../home/patient-walk.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { plural } from '../../output/plural.js';
import { alarmColumns, bakedRowColumns } from '../../output/bake-rows.js';
import { printBakeResult } from './bake-print.js';
import { countedIntakes, daysOf, printSummary, summaryColumns, summaryRecordFields } from './bake-summary.js';

/** The options `bake show` reads when it reads a home or sums. */
export interface ShowOptions {
  patient?: string;
  from?: string;
  to?: string;
  organization?: string;
  allPatients?: boolean;
  alarms?: boolean;
  summary?: boolean;
}

/** Whether `bake show` was asked for more than one patient's rows: a home, or the sums. */
export function isWideShow(options: ShowOptions): boolean {
  return options.allPatients === true || options.organization !== undefined || options.summary === true;
}

/** A home's range in whole days: the server reads dates in each patient's zone, so one date range holds for every resident. */
function dayRange(session: Session, options: ShowOptions, zone: string): { from: string; to: string } {
  const range = resolveBakeRange(options.from, options.to, zone);
  const day = (value: string) => (value.length === 10 ? value : dateIn(new Date(value), zone));
  const days = { from: day(range.from), to: day(range.to) };
  if (daysOf(days.from, days.to).length > 366) throw usageError(`${days.from} to ${days.to} is longer than a year`, 'read at most 366 days at a time (the interface refuses longer ranges)');
  session.printer.note(`Dates ${range.echo}`);
  return days;
}

/**
 * One result from several: the patients' intakes in their order (name order), each by date and
 * time; devices once each; alarms in the same order; the alarm minutes united per day.
 */
export function mergeResults(results: readonly BakeResult[]): BakeResult {
  const byTime =
    <T extends { date: string }>(time: (item: T) => string) =>
    (a: T, b: T) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : time(a).localeCompare(time(b));
  const devices = new Map(results.flatMap((result) => result.iotDevices).map((device) => [device.id, device]));
  const days = Math.max(0, ...results.map((result) => result.allAlarms.length));
  return {
    data: results.flatMap((result) => [...result.data].sort(byTime((entry) => entry.startTime))),
    iotDevices: [...devices.values()],
    alarms: results.flatMap((result) => [...result.alarms].sort(byTime((alarm) => alarm.time))),
    dateNow: results.at(-1)?.dateNow ?? new Date().toISOString(),
    allAlarms: Array.from({ length: days }, (_unused, index) => [...new Set(results.flatMap((result) => result.allAlarms[index] ?? []))].sort((a, b) => a - b)),
  };
}

/** Names the residents with nothing baked in the range, and how to bake them. */
function nameEmpty(session: Session, empty: readonly User[], range: { from: string; to: string }, organization: string | undefined): void {
  if (empty.length === 0) return;
  session.printer.warn(`Nothing baked from ${range.from} to ${range.to} for ${plural(empty.length, 'patient')}: ${empty.map((patient) => patient.name).join(', ')}.`);
  const organizationFlag = organization === undefined ? '' : ` --organization ${organization}`;
  session.printer.note(
    `Bake ${empty.length === 1 ? 'it' : 'them'} with \`medsched bake --patient "${empty[0]?.name ?? ''}" --from ${range.from} --to ${range.to}\`, or the whole home with \`medsched bake --all-patients${organizationFlag} --from ${range.from} --to ${range.to}\` (baking twice changes nothing).`,
  );
}

async function showHome(session: Session, options: ShowOptions): Promise<void> {
  const range = dayRange(session, options, session.settings.timezone);
  const home = await readHome(session, options.organization);
  if (home.patients.length === 0) throw usageError(`${home.label} has no patients`, 'check --organization, or list them: medsched patients list');
  const client = await session.client();
  const results = await walkPatients(
    session,
    home.patients,
    {
      label: `Reading what is baked for ${plural(home.patients.length, 'patient')} of ${home.label}`,
      done: (count) => `Read ${plural(count, 'patient')}`,
      doneVerb: 'Read',
      leftBehind: 'nothing was printed',
    },
    (patient) => client.calendars.bake.get({ patient: patient.id, ...range }),
  );
  const empty = home.patients.filter((_patient, index) => (results[index]?.data.length ?? 0) === 0);
  const merged = mergeResults(results);
  if (options.summary) {
    printSummary(
      session,
      await countedIntakes(session, merged, session.patientNames),
      range,
      home.patients.map((patient) => patient.id),
      true,
    );
  } else {
    await printBakeResult(session, merged, options);
  }
  nameEmpty(session, empty, range, options.organization);
}

async function showPatientSummary(session: Session, options: ShowOptions): Promise<void> {
  // Without --patient a patient's key sums its own patient; any other key is asked for one.
  const patient = await patientOrOwn(session, options.patient).catch((error: unknown) => {
    if (options.patient === undefined && error instanceof CliError && error.exitCode === ExitCode.usage)
      throw usageError('--summary sums one patient or a home: give --patient NAME|ID or --all-patients', 'e.g. medsched bake show --all-patients --from next-week --summary');
    throw error;
  });
  await patientName(session, patient);
  const range = dayRange(session, options, session.patientZones.get(patient) ?? session.settings.timezone);
  const result = await (await session.client()).calendars.bake.get({ patient, ...range }).catch((error: unknown) => explainOtherPatient(session, patient, error));
  if (result.data.length === 0) session.printer.warn(`Nothing baked for ${session.patientNames.get(patient) ?? patient} from ${range.from} to ${range.to}.`);
  printSummary(session, await countedIntakes(session, result, session.patientNames), range, [patient], false);
}

/** `bake show --all-patients` and `bake show --summary`: the home's rows, or the sums of one patient or a home. */
export async function runWideShow(options: ShowOptions, command: Command): Promise<void> {
  if (options.patient !== undefined && (options.allPatients || options.organization !== undefined)) throw usageError('give either --patient, or --all-patients (with or without --organization)');
  if (options.organization !== undefined && !options.allPatients) throw usageError('--organization needs --all-patients', 'e.g. medsched bake show --all-patients --organization ID --from next-week');
  if (options.summary && options.alarms) throw usageError('--summary sums intakes; --alarms lists alarms: give one of them');
  const session = await openSession(command);
  // Fields are checked before the first request: a typo is exit 2 with nothing sent.
  if (options.summary) {
    // A day's column is named by its date (in a table of up to four weeks "Mon-4"): those are fields of the summary.
    const dayColumn = /^(\d{4}-\d{2}-\d{2}|[A-Z][a-z]{2}-\d{1,2})$/;
    const fields = new Set([...summaryColumns([], 'table').map((column) => column.header), ...summaryRecordFields, ...(session.printer.fields ?? []).filter((name) => dayColumn.test(name))]);
    if (session.printer.fields !== undefined) session.printer.checkFields(fields);
  } else {
    await checkFieldsFirst(session, undefined, options.alarms ? alarmColumns : bakedRowColumns);
  }
  // A home's dates are the organization's (said aloud), as for `bake --all-patients`.
  if (options.allPatients) await adoptOrganizationZone(session, options.organization);
  resolveBakeRange(options.from, options.to, session.settings.timezone);
  if (options.allPatients) return showHome(session, options);
  return showPatientSummary(session, options);
}

/** What `bake show --help` says. */
export const showDescription =
  'Read the baked schedule and alarms of one patient (--patient) or of a whole home (--all-patients: one table, CSV, JSON or NDJSON in name, date and time order); changes nothing.\nWith --summary: the amount of each medication and unit per day and for the range, per patient and (home-wide) for the whole home, for ordering and blistering.';

/** Working examples for `bake show --help` (a test runs them against the reference server). */
export const showExamples = [
  'medsched bake show --patient "Clara Claus" --from this-week',
  'medsched bake show --patient 64d002000000000000000003 --from 2026-01-05 --to 2026-01-11 --output csv > week.csv',
  'medsched bake show --patient clara --from next-week --alarms --output ndjson',
  'medsched bake show --all-patients --from next-week --output csv > home-week.csv',
  'medsched bake show --all-patients --from next-week --summary',
  'medsched bake show --patient clara --from 2026-01-05 --to 2026-01-11 --summary --output csv',
];

/** The command that shows what a bake of `target` made: the hint after a stopped bake. */
export function showCommand(target: { patient?: string | undefined; updateAllPatients?: true | undefined; organization?: string | undefined; from: string; to: string }): string {
  const who = target.patient !== undefined ? `--patient ${target.patient}` : `--all-patients${target.organization !== undefined ? ` --organization ${target.organization}` : ''}`;
  return `medsched bake show ${who} --from ${target.from} --to ${target.to}`;
}
