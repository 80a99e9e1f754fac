import type { Command } from 'commander';
import type { BakeResult, BakeTarget } from '@medsched/sdk';
import { openSession, type Session } from '../client/session.js';
import { usageError } from '../errors/cli-error.js';
import { resolveBakeRange, type BakeRange } from '../dates/date-range.js';
import { humanDateHelp } from '../dates/human-date.js';
import { patientOptionHelp, resolvePatient } from '../identity/patient-lookup.js';
import { confirmOrAbort } from '../input/confirm.js';
import { plural } from '../output/plural.js';
import { startProgress } from '../output/progress.js';
import { alarmColumns, alarmRows, bakedRowColumns, bakedRows, entryColumns } from './bake-rows.js';
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

function range(session: Session, options: RangeOptions): BakeRange {
  const resolved = resolveBakeRange(options.from, options.to, session.settings.timezone);
  session.printer.note(`Dates ${resolved.echo}`);
  return resolved;
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
  if (options.alarms) return printer.list(alarmRows(result, names), alarmColumns);
  const rows = await bakedRows(await session.client(), result, names);
  if (printer.format !== 'table') return printer.list(rows, bakedRowColumns);
  printer.note(`${plural(result.data.length, 'baked entry', 'baked entries')}, ${plural(result.iotDevices.length, 'device')}, ${plural(result.alarms.length, 'alarm')}`);
  if (rows.length > 0) printer.list(rows, bakedRowColumns);
  if (result.alarms.length > 0) {
    process.stdout.write('\n');
    printer.list(alarmRows(result, names), alarmColumns);
  }
}

/**
 * Names of the patients in a result: those looked up by --patient are known already; others
 * come from one walk of the organization's users (staff only: a patient keeps the ids).
 */
async function patientNames(session: Session, result: BakeResult): Promise<Map<string, string>> {
  const names = new Map(session.patientNames);
  const missing = new Set(result.data.map((entry) => entry.userId).filter((id) => !names.has(id)));
  if (missing.size === 0) return names;
  try {
    const client = await session.client();
    const organization = await organizationOf(session, undefined);
    for await (const user of client.users.iterate({ organization, limit: 100 })) if (missing.has(user.id)) names.set(user.id, user.name);
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

async function runBake(options: BakeOptions, command: Command): Promise<void> {
  const session = await openSession(command);
  const dates = pick(range(session, options));
  const body = { ...(await target(session, options)), ...dates };
  const client = await session.client();
  const label = body.updateAllPatients ? `Baking all patients of ${body.organization ?? 'your organization'}` : `Baking patient ${body.patient}`;
  const progress = startProgress(label, { tty: session.terminal.stderrIsTTY, style: session.errStyle });
  try {
    const result = await client.calendars.bake.create(body);
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
  const dates = pick(range(session, options));
  const query = { patient: await requirePatient(session, options), ...dates };
  const client = await session.client();
  await printBakeResult(session, await client.calendars.bake.get(query), options);
}

/** Asks (unless --yes) and unbakes one patient's range; shared by `unbake` and `calendar update --rebake`. */
export async function confirmAndUnbake(session: Session, query: { patient: string; from: string; to: string }, yes: boolean | undefined) {
  await confirmOrAbort(`Unbake patient ${query.patient} from ${query.from} to ${query.to}? Entries become drafts again.`, {
    yes,
    interactive: session.terminal.stdinIsTTY,
    what: 'unbake',
  });
  const client = await session.client();
  return client.calendars.bake.delete(query);
}

async function runUnbake(options: RangeOptions & { yes?: boolean }, command: Command): Promise<void> {
  const session = await openSession(command);
  const dates = pick(range(session, options));
  const query = { patient: await requirePatient(session, options), ...dates };
  const reverted = await confirmAndUnbake(session, query, options.yes);
  session.printer.success(`Unbaked ${plural(reverted.length, 'entry', 'entries')} of patient ${query.patient}`);
  session.printer.list(reverted, entryColumns);
}

export function registerBakeCommands(program: Command): void {
  const bake = rangeOptions(program.command('bake').summary('bake (finalize) calendar entries over a date range'), false)
    .description(
      'Bake (finalize) the calendar entries of one patient, or of every patient of an organization, over an inclusive date range.\nBaking the same range twice changes nothing. JSON gives the whole result; a table, CSV and NDJSON one row per baked intake.',
    )
    .option('--all-patients', 'every patient of the organization')
    .option('--organization <id>', "with --all-patients: the organization (default: the profile's, else the credential's)")
    .option('--alarms', 'CSV/NDJSON/table: the alarms instead of the intakes')
    .action(runBake);
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

  const unbake = rangeOptions(program.command('unbake').summary("revert a patient's baked range to drafts"), true)
    .description(
      "Revert a patient's baked range: materialized occurrences are removed, one-off entries become drafts.\nAsks on the terminal (stderr) and exits 8 on \"no\"; needs --yes without a terminal.",
    )
    .option('-y, --yes', 'do not ask for confirmation')
    .action(runUnbake);
  withExamples(unbake, ['medsched unbake --patient "Clara Claus" --from next-week', 'medsched unbake --patient 64d002000000000000000003 --from 2026-01-05 --to 2026-01-11 --yes --json']);
}
