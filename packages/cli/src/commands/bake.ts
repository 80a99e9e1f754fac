import type { Command } from 'commander';
import type { Alarm, BakeCreate, BakeResult, CalendarEntry } from '@medsched/sdk';
import { openSession, type Session } from '../client/session.js';
import { usageError } from '../errors/cli-error.js';
import { resolveBakeRange, type BakeRange } from '../dates/date-range.js';
import { humanDateHelp } from '../dates/human-date.js';
import { confirmOrRefuse } from '../input/confirm.js';
import { field, type Column } from '../output/columns.js';
import { startProgress } from '../output/progress.js';
import { withExamples } from './help-examples.js';

interface RangeOptions {
  patient?: string;
  from?: string;
  to?: string;
}

interface BakeOptions extends RangeOptions {
  organization?: string;
  allPatients?: boolean;
}

export const entryColumns: Column<CalendarEntry>[] = [
  field('id'),
  field('date'),
  field('startTime', 'time'),
  field('title'),
  field('userId', 'patient'),
  field('baked'),
];

const alarmColumns: Column<Alarm>[] = [field('date'), field('time'), field('deviceId', 'device'), field('patient'), { header: 'entries', value: (alarm) => alarm.entryIds.length }];

function range(session: Session, options: RangeOptions): BakeRange {
  const resolved = resolveBakeRange(options.from, options.to, session.settings.timezone);
  session.printer.note(`Dates ${resolved.echo}`);
  return resolved;
}

/** The bake target: one patient, all patients of an organization, or of your own organization. */
function target(options: BakeOptions): Pick<BakeCreate, 'patient' | 'organization' | 'updateAllPatients'> {
  if (options.patient !== undefined && (options.allPatients || options.organization !== undefined)) {
    throw usageError('give either --patient, or --all-patients (with or without --organization)');
  }
  if (options.patient !== undefined) return { patient: options.patient };
  if (options.allPatients) return { updateAllPatients: true, ...(options.organization !== undefined && { organization: options.organization }) };
  if (options.organization !== undefined) throw usageError('--organization needs --all-patients', 'e.g. medsched bake --organization ID --all-patients --from next-week');
  throw usageError('say whom to bake: --patient ID, or --all-patients', 'e.g. medsched bake --patient ID --from next-week');
}

/** On a terminal a bake reads as its alarms; scripts get the whole result as JSON. */
function printBakeResult(session: Session, result: BakeResult): void {
  const { printer } = session;
  if (printer.format !== 'table') return printer.record(result);
  printer.note(`${result.data.length} baked entries, ${result.iotDevices.length} devices, ${result.alarms.length} alarms`);
  if (result.data.length > 0) printer.list(result.data, entryColumns);
  if (result.alarms.length > 0) {
    process.stdout.write('\n');
    printer.list(result.alarms, alarmColumns);
  }
}

function rangeOptions(command: Command, patientRequired: boolean): Command {
  return command
    .option('--patient <id>', patientRequired ? 'the patient (required)' : 'one patient')
    .option('--from <date>', `first day: ${humanDateHelp}`)
    .option('--to <date>', 'last day (inclusive); default: the end of --from');
}

async function runBake(options: BakeOptions, command: Command): Promise<void> {
  const session = await openSession(command);
  const body = { ...target(options), ...pick(range(session, options)) };
  const client = await session.client();
  const label = body.updateAllPatients ? `Baking all patients of ${body.organization ?? 'your organization'}` : `Baking patient ${body.patient}`;
  const progress = startProgress(label, { tty: session.terminal.stderrIsTTY, style: session.errStyle });
  try {
    const result = await client.calendars.bake.create(body);
    progress.done(`Baked ${result.data.length} entries from ${body.from} to ${body.to}`);
    printBakeResult(session, result);
  } catch (error) {
    progress.fail();
    throw error;
  }
}

function pick(range: BakeRange): { from: string; to: string } {
  return { from: range.from, to: range.to };
}

function requirePatient(options: RangeOptions): string {
  if (options.patient === undefined) throw usageError('--patient is required', 'e.g. --patient 65a1f0c2e4b0a1b2c3d4e5f6');
  return options.patient;
}

async function runShow(_options: unknown, command: Command): Promise<void> {
  // `bake` and `bake show` share option names; commander gives them to the parent, so read both.
  const options = command.optsWithGlobals<BakeOptions>();
  if (options.allPatients || options.organization !== undefined) throw usageError('bake show reads one patient: use --patient');
  const session = await openSession(command);
  const query = { patient: requirePatient(options), ...pick(range(session, options)) };
  const client = await session.client();
  printBakeResult(session, await client.calendars.bake.get(query));
}

async function runUnbake(options: RangeOptions & { yes?: boolean }, command: Command): Promise<void> {
  const session = await openSession(command);
  const query = { patient: requirePatient(options), ...pick(range(session, options)) };
  const confirmed = await confirmOrRefuse(`Unbake patient ${query.patient} from ${query.from} to ${query.to}? Entries become drafts again.`, {
    yes: options.yes,
    interactive: session.terminal.stdinIsTTY,
    what: 'unbake',
  });
  if (!confirmed) {
    session.printer.note('Nothing changed.');
    return;
  }
  const client = await session.client();
  const reverted = await client.calendars.bake.delete(query);
  session.printer.success(`Unbaked ${reverted.length} entries of patient ${query.patient}`);
  session.printer.list(reverted, entryColumns);
}

export function registerBakeCommands(program: Command): void {
  const bake = rangeOptions(program.command('bake').summary('bake (finalize) calendar entries over a date range'), false)
    .description('Bake (finalize) the calendar entries of one patient, or of every patient of an organization, over an inclusive date range.\nBaking the same range twice changes nothing.')
    .option('--all-patients', 'every patient of the organization')
    .option('--organization <id>', 'with --all-patients: the organization (default: your own)')
    .action(runBake);
  withExamples(bake, [
    'medsched bake --patient 65a1f0c2e4b0a1b2c3d4e5f6 --from next-week',
    'medsched bake --patient 65a1f0c2e4b0a1b2c3d4e5f6 --from today --to +7d --tz Europe/Berlin',
    'medsched bake --organization 65a1f0c2e4b0a1b2c3d4e5f0 --all-patients --from next-week --json',
  ]);

  const show = rangeOptions(bake.command('show').description("Read a patient's baked schedule and alarms; changes nothing."), true).action(runShow);
  withExamples(show, ['medsched bake show --patient 65a1f0c2e4b0a1b2c3d4e5f6 --from this-week', 'medsched bake show --patient 65a1f0c2e4b0a1b2c3d4e5f6 --from 2026-11-23 --to 2026-11-29 --json']);

  const unbake = rangeOptions(program.command('unbake').summary("revert a patient's baked range to drafts"), true)
    .description("Revert a patient's baked range: materialized occurrences are removed, one-off entries become drafts.\nAsks for confirmation on a terminal; needs --yes otherwise.")
    .option('-y, --yes', 'do not ask for confirmation')
    .action(runUnbake);
  withExamples(unbake, ['medsched unbake --patient 65a1f0c2e4b0a1b2c3d4e5f6 --from next-week', 'medsched unbake --patient 65a1f0c2e4b0a1b2c3d4e5f6 --from 2026-11-23 --to 2026-11-29 --yes']);
}
