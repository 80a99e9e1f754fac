import type { Command } from 'commander';
import type { BakeTarget } from '@medsched/sdk';
import { openSession, type Session } from '../../client/session.js';
import { CliError, usageError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { resolveBakeRange, type BakeRange } from '../../dates/date-range.js';
import { humanDateHelp } from '../../dates/human-date.js';
import { patientOptionHelp, resolvePatient } from '../../identity/patient-lookup.js';
import { decideWrites, withQuery, writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { recordWrite } from '../../errors/write-journal.js';
import { patientLabel, patientName } from '../../identity/patient-name.js';
import { dayRangeText } from '../../dates/day-range-text.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { cleanText } from '../../output/clean-text.js';
import { plural } from '../../output/plural.js';
import { startProgress } from '../../output/progress.js';
import { alarmColumns, bakedRowColumns, entryColumns } from '../../output/bake-rows.js';
import { entryColumnsFor } from '../../output/entry-columns.js';
import { adoptOrganizationZone } from '../../dates/home-zone.js';
import { patientDateZone } from '../../dates/zone-source.js';
import { withExamples } from '../../output/help-examples.js';
import { printBakeResult } from './bake-print.js';
import { isWideShow, runWideShow, showCommand, showDescription, showExamples, type ShowOptions } from './bake-show-home.js';
import { organizationOf } from '../../identity/organization-default.js';
import { explainOtherPatient, patientOrOwn } from '../../identity/own-patient.js';
import { bakeScale } from './bake-scale.js';
import { longRangeConfirmation, longRangeOption, rangeDays, readScales } from '../../input/write-scale.js';
import { runUnbakeHome } from './unbake-home.js';
import { registerBakeCheck } from './bake-check.js';

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
  const { zone, said } = patientDateZone(session.settings, patientZone);
  const resolved = zone === session.settings.timezone ? checked : resolveBakeRange(options.from, options.to, zone);
  session.printer.note(`Dates ${resolved.echo}${said}`);
  return resolved;
}

/**
 * Reads the patient's zone (and name) when only an id was given and no zone was chosen. For a
 * write (`required`), a zone that could not be read stops the command before anything is sent:
 * the dates would otherwise be the machine's.
 */
async function learnZone(session: Session, patient: string | undefined, required = false): Promise<void> {
  if (patient === undefined || session.settings.timezoneSource !== 'system' || session.patientZones.has(patient)) return;
  await patientName(session, patient);
  if (required && !session.patientZones.has(patient)) {
    throw new CliError(
      `the zone of patient ${patient} could not be read (this credential may not list the home's users), so the dates are not known: nothing was sent`,
      ExitCode.permission,
      "choose the zone with --tz ZONE (the patient's own, e.g. --tz Europe/Berlin)",
    );
  }
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
    const organization = await session.organization(id);
    return `${cleanText(organization.name)} (${id})`;
  } catch {
    return `organization ${id}`;
  }
}

/** `--fields` of bake output name fields of the intake rows (or of the alarms with --alarms); a bare --json keeps the whole result. */
async function checkBakeFields(session: Session, options: BakeOptions): Promise<void> {
  await checkFieldsFirst(session, undefined, options.alarms ? alarmColumns : bakedRowColumns);
}

async function runBake(options: BakeOptions & WriteFlags & { confirmLongRange?: boolean }, command: Command): Promise<void> {
  const session = await openSession(command);
  await checkBakeFields(session, options);
  checkRange(session, options);
  const chosen = await target(session, options);
  await learnZone(session, chosen.patient, true);
  // A home-wide bake reads its date words in the organization's zone, not the machine's.
  if (chosen.updateAllPatients) await adoptOrganizationZone(session, chosen.organization);
  const body = { ...chosen, ...pick(range(session, options, chosen.patient)) };
  const client = await session.client();
  const who = body.updateAllPatients ? `every patient of ${await organizationLabel(session, body.organization)}` : await patientLabel(session, body.patient);
  const describe = `bake ${who} ${body.from} to ${body.to}`;
  // Home-wide and long bakes say their scale first (patients, days, intakes, who has no device).
  const scale = await bakeScale(session, body, options);
  const decided = await decideWrites(
    session,
    {
      summary: [`Bake ${who}, ${dayRangeText(body.from, body.to)} (${body.from} to ${body.to}).`, ...scale.summary],
      consequences: [`Baked intakes are final: the patients' devices ring and dispense them; a later change needs \`medsched unbake\` and a new bake.`, ...scale.consequences],
      typed: scale.typed,
      question: `Bake ${who.replace(/ \([0-9a-f]{24}\)$/, '')}, ${dayRangeText(body.from, body.to)}?`,
      requests: [{ method: 'POST', path: '/calendars/bake', body, describe }],
      // A script that bakes a whole home must say so (--yes), as for unbake.
      destructive: body.updateAllPatients === true,
      verb: body.updateAllPatients ? 'bake every patient' : 'bake',
      recovery: `baking is all or nothing and may be repeated: run \`${showCommand(body)}\` to see what is baked (\`${showCommand(body).replace('bake show', 'bake check')}\` for what still needs attention), or bake the same range again (baking twice changes nothing)`,
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
  const options = command.optsWithGlobals<ShowOptions>();
  if (isWideShow(options)) return runWideShow(options, command);
  const session = await openSession(command);
  await checkBakeFields(session, options);
  checkRange(session, options);
  // A patient's key needs no --patient: its own patient is used (and said).
  const patient = await patientOrOwn(session, options.patient);
  await learnZone(session, patient);
  const query = { patient, ...pick(range(session, options, patient)) };
  const client = await session.client();
  const result = await client.calendars.bake.get(query).catch((error: unknown) => explainOtherPatient(session, patient, error));
  await printBakeResult(session, result, options);
}

async function runUnbake(options: BakeOptions & WriteFlags & { confirmLongRange?: boolean }, command: Command): Promise<void> {
  if (options.allPatients || options.organization !== undefined) {
    if (options.patient !== undefined) throw usageError('give either --patient, or --all-patients (with or without --organization)');
    if (!options.allPatients) throw usageError('--organization needs --all-patients', 'e.g. medsched unbake --all-patients --from next-week');
    return runUnbakeHome(options, command);
  }
  if (options.patient === undefined)
    throw usageError(
      'say whom to unbake: --patient NAME|ID, or --all-patients',
      'e.g. medsched unbake --patient "Clara Claus" --from next-week, or medsched unbake --all-patients --from next-week --dry-run',
    );
  const session = await openSession(command);
  await checkFieldsFirst(session, 'CalendarEntry', entryColumns);
  checkRange(session, options);
  const patient = await requirePatient(session, options);
  await learnZone(session, patient, true);
  const query = { patient, ...pick(range(session, options, patient)) };
  const who = await patientLabel(session, query.patient);
  const describe = `unbake ${who} ${query.from} to ${query.to}`;
  // How much goes: the baked intakes of the range, read before the question.
  const [scale] = await readScales(session, [{ id: patient, name: who.replace(/ \([0-9a-f]{24}\)$/, ''), timezone: session.patientZones.get(patient) }], query, { toBake: false });
  const decided = await decideWrites(
    session,
    {
      summary: [
        `Unbake ${who}, ${dayRangeText(query.from, query.to)} (${query.from} to ${query.to}): baked occurrences are removed, one-off entries become drafts.`,
        `  ${plural(rangeDays(query.from, query.to), 'day')}: ${plural(scale?.baked ?? 0, 'baked intake')} will be reverted.`,
      ],
      consequences: ['No device rings or dispenses these days until they are baked again.'],
      question: `Unbake ${who.replace(/ \([0-9a-f]{24}\)$/, '')} from ${query.from} to ${query.to}?`,
      requests: [{ method: 'DELETE', path: withQuery('/calendars/bake', query), describe }],
      destructive: true,
      verb: 'unbake',
      typed: longRangeConfirmation(query, 'unbake', options.confirmLongRange),
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
  bake.addHelpText(
    'after',
    `\nA home-wide bake, or one longer than 28 days, first says how many patients, days and intakes it touches and who has no device. Longer than 28 days: type the number of days when asked (scripts: --confirm-long-range). Without a terminal, --all-patients needs --yes.\n`,
  );
  longRangeOption(writeOptions(bake)).action(runBake);
  withExamples(bake, [
    'medsched bake --patient "Clara Claus" --from next-week',
    'medsched bake --patient patient1@sonnen.example --from today --to +7d --tz Europe/Berlin',
    'medsched bake --all-patients --from next-week --json',
  ]);

  const show = rangeOptions(bake.command('show').description(showDescription), false)
    .option('--all-patients', 'every patient of the organization, in name order (patients with nothing baked are named on stderr)')
    .option('--organization <id>', "with --all-patients: the organization (default: the profile's, else the credential's)")
    .option('--alarms', 'the alarms instead of the intakes')
    .option('--summary', 'per medication (with its strength) and unit: the amount per day and for the range, exact (½ + 1½ = 2), per patient and for the home')
    .action(runShow);
  withExamples(show, showExamples);

  registerBakeCheck(bake);

  const unbake: Command = rangeOptions(program.command('unbake').summary("revert a patient's (or every patient's) baked range to drafts"), false)
    .description(
      'Revert a baked range of one patient (--patient) or of every patient of the home (--all-patients): materialized occurrences are removed, one-off entries become drafts.\nSays how many patients, days and baked intakes go, asks on the terminal (stderr) and exits 8 on "no"; needs --yes without a terminal. Longer than 28 days: type the number of days (scripts: --confirm-long-range).',
    )
    .option('--all-patients', 'every patient of the organization (one request per patient that has baked days; progress on stderr)')
    .option('--organization <id>', "with --all-patients: the organization (default: the profile's, else the credential's)");
  longRangeOption(writeOptions(unbake, true)).action(runUnbake);
  withExamples(unbake, [
    'medsched unbake --patient "Clara Claus" --from next-week',
    'medsched unbake --patient 64d002000000000000000003 --from 2026-01-05 --to 2026-01-11 --yes --json',
    'medsched unbake --all-patients --from next-week --dry-run',
    'medsched unbake --all-patients --from 2027-01-01 --to 2027-12-31 --yes --confirm-long-range',
  ]);
}
