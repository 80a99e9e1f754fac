import type { Command } from 'commander';
import type { BakeResult, BakeTarget, User } from '@medsched/sdk';
import { openSession, type Session } from '../client/session.js';
import { usageError } from '../errors/cli-error.js';
import { resolveBakeRange, type BakeRange } from '../dates/date-range.js';
import { humanDateHelp } from '../dates/human-date.js';
import { patientOptionHelp, resolvePatient } from '../identity/patient-lookup.js';
import { decideWrites, withQuery, writeOptions, type WriteFlags } from '../input/write-plan.js';
import { recordWrite } from '../errors/write-journal.js';
import { patientLabel, patientName } from '../identity/patient-name.js';
import { rememberPatients } from '../identity/remember-patients.js';
import { dayRangeText } from '../dates/day-range-text.js';
import { checkFieldsFirst } from '../output/known-fields.js';
import { cleanText } from '../output/clean-text.js';
import { plural } from '../output/plural.js';
import { startProgress } from '../output/progress.js';
import { alarmColumns, alarmRows, bakedRowColumns, bakedRows, entryColumns } from './bake-rows.js';
import { entryColumnsFor } from './entry-columns.js';
import { adoptOrganizationZone } from '../dates/home-zone.js';
import { withExamples } from './help-examples.js';
import { organizationOf } from './organization-default.js';

interface RangeOptions {
  patient?: string;
  from?: string;
  to?: string;
}

interface BakeOptions extends RangeOptions {
  organization?: string;
  allPatients?: boolean;
  alarms?: boolean;
}

/**
 * The date range, checked at once (a bad date is exit 2 before any request), then resolved and
 * echoed in the patient's zone when no zone was chosen (--tz, MEDSCHED_TZ, profile): the server
 * reads the dates in the patient's zone, so "today" is the patient's today, not the machine's.
 */
function range(session: Session, options: RangeOptions, patient?: string): BakeRange {
  const checked = resolveBakeRange(options.from, options.to, session.settings.timezone);
  const patientZone = patient === undefined ? undefined : session.patientZones.get(patient);
  const zone = session.settings.timezoneSource === 'system' && patientZone !== undefined ? patientZone : session.settings.timezone;
  const resolved = zone === session.settings.timezone ? checked : resolveBakeRange(options.from, options.to, zone);
  session.printer.note(`Dates ${resolved.echo}${zone === patientZone && zone !== session.settings.timezone ? " (the patient's zone)" : ''}`);
  return resolved;
}

/** Reads the patient's zone (and name) when only an id was given and no zone was chosen. */
async function learnZone(session: Session, patient: string | undefined): Promise<void> {
  if (patient !== undefined && session.settings.timezoneSource === 'system' && !session.patientZones.has(patient)) await patientName(session, patient);
}

/** Checks the dates before any request, without echoing them (the echo follows once the patient's zone is known). */
function checkRange(session: Session, options: RangeOptions): void {
  resolveBakeRange(options.from, options.to, session.settings.timezone);
}

/** The bake target: one patient, all patients of an organization, or of your own organization. */
async function target(session: Session, options: BakeOptions): Promise<BakeTarget> {
  if (options.patient !== undefined && (options.allPatients || options.organization !== undefined)) {
    throw usageError('give either --patient, or --all-patients (with or without --organization)');
  }
  if (options.patient !== undefined) return { patient: await resolvePatient(session, options.patient) };
  if (options.allPatients) {
    // Without a configured organization the server bakes the caller's own: no lookup needed.
    const organization = options.organization ?? session.settings.organization;
    return { updateAllPatients: true, ...(organization !== undefined && { organization }) };
  }
  if (options.organization !== undefined) throw usageError('--organization needs --all-patients', 'e.g. medsched bake --all-patients --from next-week');
  throw usageError('say whom to bake: --patient NAME|ID, or --all-patients', 'e.g. medsched bake --patient "Clara Claus" --from next-week');
}

/**
 * JSON keeps the whole result for scripts (`--json date,time,amount` picks fields of the rows). A table shows one row per baked intake and the
 * alarms below; CSV and NDJSON give one row per baked intake (or per alarm with --alarms).
 */
async function printBakeResult(session: Session, result: BakeResult, options: { alarms?: boolean | undefined }): Promise<void> {
  const { printer } = session;
  // JSON keeps the whole result, unless fields were chosen: those are fields of the intake rows.
  if (printer.format === 'json' && printer.fields === undefined) return printer.record(result);
  const names = await patientNames(session, result);
  // The server bakes in the patient's zone; the profile's is a fallback for a credential that may not read users.
  const zoneOf = (patient: string) => session.patientZones.get(patient) ?? session.settings.timezone;
  if (options.alarms) return printer.list(alarmRows(result, names, zoneOf), alarmColumns);
  const rows = await bakedRows(await session.client(), result, names, zoneOf);
  if (printer.format !== 'table') return printer.list(rows, bakedRowColumns);
  printer.note(`${plural(result.data.length, 'baked entry', 'baked entries')}, ${plural(result.iotDevices.length, 'device')}, ${plural(result.alarms.length, 'alarm')}`);
  if (rows.length > 0) printer.list(rows, bakedRowColumns);
  // Chosen fields are fields of the intake rows: the alarm table has other columns (--alarms shows it).
  if (result.alarms.length > 0 && printer.fields === undefined) {
    process.stdout.write('\n');
    printer.list(alarmRows(result, names, zoneOf), alarmColumns);
  }
}

/**
 * Names of the patients in a result: those looked up by --patient are known already; others
 * come from one walk of the organization's users (staff only: a patient keeps the ids).
 */
async function patientNames(session: Session, result: BakeResult): Promise<Map<string, string>> {
  const names = new Map(session.patientNames);
  const missing = new Set(result.data.map((entry) => entry.userId).filter((id) => !names.has(id) || !session.patientZones.has(id)));
  if (missing.size === 0) return names;
  try {
    const client = await session.client();
    const organization = await organizationOf(session, undefined);
    const seen: User[] = [];
    for await (const user of client.users.iterate({ organization, limit: 100 })) {
      seen.push(user);
      if (user.timezone) session.patientZones.set(user.id, user.timezone);
      if (missing.has(user.id)) names.set(user.id, user.name);
    }
    await rememberPatients(session, organization, seen);
  } catch {
    // Ids are still right: a credential that may not list users (a patient) sees ids.
  }
  return names;
}

function rangeOptions(command: Command, patientRequired: boolean): Command {
  return command
    .option('--patient <name|id>', patientRequired ? `${patientOptionHelp} (required)` : patientOptionHelp)
    .option('--from <date>', `first day: ${humanDateHelp}`)
    .option('--to <date>', 'last day (inclusive); default: the end of --from');
}

function pick(range: BakeRange): { from: string; to: string } {
  return { from: range.from, to: range.to };
}

async function requirePatient(session: Session, options: RangeOptions): Promise<string> {
  if (options.patient === undefined) throw usageError('--patient is required', 'e.g. --patient "Clara Claus", --patient patient1@sonnen.example or an id');
  return resolvePatient(session, options.patient);
}

/** "Sonnen-Apotheke (64d0…)" for the question of an organization-wide bake; the id when the name cannot be read. */
async function organizationLabel(session: Session, given: string | undefined): Promise<string> {
  let id = given;
  try {
    // The server bakes the credential's own organization when none is given: name it all the same.
    id ??= await organizationOf(session, undefined);
  } catch {
    return 'your organization';
  }
  try {
    const organization = await (await session.client()).organizations.get(id);
    return `${cleanText(organization.name)} (${id})`;
  } catch {
    return `organization ${id}`;
  }
}

/** `--fields` of bake output name fields of the intake rows (or of the alarms with --alarms); a bare --json keeps the whole result. */
async function checkBakeFields(session: Session, options: BakeOptions): Promise<void> {
  await checkFieldsFirst(session, undefined, (options.alarms ? alarmColumns : bakedRowColumns) as never[]);
}

async function runBake(options: BakeOptions & WriteFlags, command: Command): Promise<void> {
  const session = await openSession(command);
  await checkBakeFields(session, options);
  checkRange(session, options);
  const chosen = await target(session, options);
  await learnZone(session, chosen.patient);
  // A home-wide bake reads its date words in the organization's zone, not the machine's.
  if (chosen.updateAllPatients) await adoptOrganizationZone(session, chosen.organization);
  const body = { ...chosen, ...pick(range(session, options, chosen.patient)) };
  const client = await session.client();
  const who = body.updateAllPatients ? `every patient of ${await organizationLabel(session, body.organization)}` : await patientLabel(session, body.patient as string);
  const describe = `bake ${who} ${body.from} to ${body.to}`;
  const decided = await decideWrites(
    session,
    {
      summary: [`Bake ${who}, ${dayRangeText(body.from, body.to)} (${body.from} to ${body.to}).`],
      consequences: [`Baked intakes are final: the patients' devices ring and dispense them; a later change needs \`medsched unbake\` and a new bake.`],
      question: `Bake ${who.replace(/ \([0-9a-f]{24}\)$/, '')}, ${dayRangeText(body.from, body.to)}?`,
      requests: [{ method: 'POST', path: '/calendars/bake', body, describe }],
      destructive: false,
      verb: 'bake',
      recovery: `baking is all or nothing and may be repeated: run \`medsched bake show\` to see what is baked, or bake the same range again (baking twice changes nothing)`,
    },
    options,
  );
  if (!decided) return;
  const label = `Baking ${who}`;
  const progress = startProgress(label, { tty: session.terminal.stderrIsTTY, style: session.errStyle });
  try {
    const result = await recordWrite(describe, () => client.calendars.bake.create(body));
    progress.done(`Baked ${plural(result.data.length, 'entry', 'entries')} from ${body.from} to ${body.to}`);
    await printBakeResult(session, result, options);
  } catch (error) {
    progress.fail();
    throw error;
  }
}

async function runShow(_options: unknown, command: Command): Promise<void> {
  // `bake` and `bake show` share option names; commander gives them to the parent, so read both.
  const options = command.optsWithGlobals<BakeOptions>();
  if (options.allPatients || options.organization !== undefined) throw usageError('bake show reads one patient: use --patient');
  const session = await openSession(command);
  await checkBakeFields(session, options);
  checkRange(session, options);
  const patient = await requirePatient(session, options);
  await learnZone(session, patient);
  const query = { patient, ...pick(range(session, options, patient)) };
  const client = await session.client();
  await printBakeResult(session, await client.calendars.bake.get(query), options);
}

async function runUnbake(options: RangeOptions & WriteFlags, command: Command): Promise<void> {
  const session = await openSession(command);
  await checkFieldsFirst(session, 'CalendarEntry', entryColumns);
  checkRange(session, options);
  const patient = await requirePatient(session, options);
  await learnZone(session, patient);
  const query = { patient, ...pick(range(session, options, patient)) };
  const who = await patientLabel(session, query.patient);
  const describe = `unbake ${who} ${query.from} to ${query.to}`;
  const decided = await decideWrites(
    session,
    {
      summary: [`Unbake ${who}, ${dayRangeText(query.from, query.to)} (${query.from} to ${query.to}): baked occurrences are removed, one-off entries become drafts.`],
      consequences: ['No device rings or dispenses these days until they are baked again.'],
      question: `Unbake ${who.replace(/ \([0-9a-f]{24}\)$/, '')} from ${query.from} to ${query.to}?`,
      requests: [{ method: 'DELETE', path: withQuery('/calendars/bake', query), describe }],
      destructive: true,
      verb: 'unbake',
    },
    options,
  );
  if (!decided) return;
  const client = await session.client();
  const reverted = await recordWrite(describe, () => client.calendars.bake.delete(query));
  session.printer.success(`Unbaked ${plural(reverted.length, 'entry', 'entries')} of ${who}`);
  session.printer.list(reverted, await entryColumnsFor(session, reverted));
}

export function registerBakeCommands(program: Command): void {
  const bake = rangeOptions(program.command('bake').summary('bake (finalize) calendar entries over a date range'), false)
    .description(
      'Bake (finalize) the calendar entries of one patient, or of every patient of an organization, over an inclusive date range.\nAsks on a terminal first, naming the patient and the days (--yes: do not ask; --dry-run: print the request). Baking the same range twice changes nothing. JSON gives the whole result; a table, CSV and NDJSON one row per baked intake.',
    )
    .option('--all-patients', 'every patient of the organization')
    .option('--organization <id>', "with --all-patients: the organization (default: the profile's, else the credential's)")
    .option('--alarms', 'CSV/NDJSON/table: the alarms instead of the intakes');
  writeOptions(bake).action(runBake);
  withExamples(bake, [
    'medsched bake --patient "Clara Claus" --from next-week',
    'medsched bake --patient patient1@sonnen.example --from today --to +7d --tz Europe/Berlin',
    'medsched bake --all-patients --from next-week --json',
  ]);

  const show = rangeOptions(bake.command('show').description("Read a patient's baked schedule and alarms; changes nothing."), true).action(runShow);
  withExamples(show, [
    'medsched bake show --patient "Clara Claus" --from this-week',
    'medsched bake show --patient 64d002000000000000000003 --from 2026-01-05 --to 2026-01-11 --output csv > week.csv',
    'medsched bake show --patient clara --from next-week --alarms --output ndjson',
  ]);

  const unbake: Command = rangeOptions(program.command('unbake').summary("revert a patient's baked range to drafts"), true)
    .description(
      "Revert a patient's baked range: materialized occurrences are removed, one-off entries become drafts.\nAsks on the terminal (stderr) and exits 8 on \"no\"; needs --yes without a terminal.",
    );
  writeOptions(unbake, true).action(runUnbake);
  withExamples(unbake, ['medsched unbake --patient "Clara Claus" --from next-week', 'medsched unbake --patient 64d002000000000000000003 --from 2026-01-05 --to 2026-01-11 --yes --json']);
}
