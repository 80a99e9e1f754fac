import { Option, type Command } from 'commander';
import { exactInput, listHint } from '../../input/exact-input.js';
import { openSession, type Session } from '../../client/session.js';
import { weekdayName } from '../../dates/calendar-date.js';
import { humanDateHelp, parseHumanDate } from '../../dates/human-date.js';
import { usageError } from '../../errors/cli-error.js';
import { patientOptionHelp, resolvePatient } from '../../identity/patient-lookup.js';
import { decideWrites, writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { recordWrite } from '../../errors/write-journal.js';
import { patientLabel, readUsers } from '../../identity/patient-name.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { amountValue, clockTime, timeCategories } from '../../input/entry-options.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../../input/json-body.js';
import { entryColumns } from '../../output/bake-rows.js';
import { entryColumnsFor } from '../../output/entry-columns.js';
import { withExamples } from '../../output/help-examples.js';
import { collect, listOptions, listQuery, type ListOptions } from '../../input/list-options.js';
import { changeEntry } from './series-bakes.js';
import { splitSeries } from './series-split.js';
import { resolveMedication } from '../../identity/medication-catalog.js';
import { patientDateZone } from '../../dates/zone-source.js';

interface EntryFlags {
  patient?: string;
  name?: string;
  date?: string;
  time?: string;
  timeCategory?: string;
  rrule?: string;
  medication?: string;
  amount?: number;
  unit?: string;
  instruction?: string;
  data?: string;
}

function entryFields(command: Command): Command {
  return command
    .option('--patient <name|id>', patientOptionHelp)
    .option('--name <text>', 'title of the entry')
    .option('--date <date>', `the day, or the first day of a series: ${humanDateHelp.replace(' or an ISO date-time', '')}`)
    .option('--time <HH:mm>', 'intake time (24 h)', clockTime)
    .addOption(new Option('--time-category <name>', 'when no --time').choices(timeCategories))
    .option('--rrule <rule>', 'RFC 5545 recurrence, e.g. FREQ=DAILY;INTERVAL=2')
    .option('--medication <name|id>', 'the medication: id or name (`medsched medication list`)')
    .option('--amount <n>', 'amount per intake, e.g. 1 or 0.5', amountValue)
    .option('--unit <unit>', 'unit of the amount, e.g. tablet')
    .option('--instruction <text>', 'shown as the description')
    .option('--data <json>', dataOptionHelp);
}

/**
 * `--date` takes the date words of `bake`; a span (next-week) means its first day. Read in the
 * patient's zone when no zone was chosen (the server reads the date there), and echoed on stderr.
 */
function entryDate(session: Session, input: string | undefined, patient: string | undefined): string | undefined {
  if (input === undefined) return undefined;
  const patientZone = patient === undefined ? undefined : session.patientZones.get(patient);
  const { zone, said } = patientDateZone(session.settings, patientZone);
  const value = parseHumanDate(input, { timeZone: zone });
  if (value.kind !== 'days') throw usageError(`--date takes a day, not a time: "${input}"`, 'e.g. --date tomorrow, --date next-week, --date 2026-11-23');
  if (value.input.trim() !== value.first) session.printer.note(`Date ${input.trim()} = ${value.first} (${weekdayName(value.first)}), ${zone}${said}`);
  return value.first;
}

async function entryBody(session: Session, flags: EntryFlags): Promise<Record<string, unknown>> {
  const patient = flags.patient === undefined ? undefined : await resolvePatient(session, flags.patient);
  // A date word is read in the patient's zone when no zone was chosen: learn it when only an id was given.
  if (patient !== undefined && flags.date !== undefined && session.settings.timezoneSource === 'system' && !session.patientZones.has(patient)) await readUsers(session, patient);
  return {
    ...(await readJsonBody(flags.data)),
    ...definedFields({
      patient,
      name: flags.name,
      date: entryDate(session, flags.date, patient),
      intakeTime: flags.time,
      timeCategory: flags.timeCategory,
      rrule: flags.rrule,
      medication: flags.medication === undefined ? undefined : await resolveMedication(session, flags.medication),
      amount: flags.amount,
      unit: flags.unit,
      instruction: flags.instruction,
    }),
  };
}

export function registerCalendarCommands(program: Command): void {
  const calendar = program.command('calendar').description("Patients' calendar entries (drafts until baked).");
  withExamples(calendar, ['medsched calendar list --patient "Clara Claus" --all', 'medsched calendar get 64d005000000000000000001']);

  const list = listOptions(calendar.command('list').description('List calendar entries, oldest first.').option('--patient <name|id>', `only this patient's entries: ${patientOptionHelp}`)).action(
    async (options: ListOptions & { patient?: string }, command: Command) => {
      const session = await openSession(command);
      await checkFieldsFirst(session, 'CalendarEntry', entryColumns);
      const client = await session.client();
      const patient = options.patient === undefined ? undefined : await resolvePatient(session, options.patient);
      const page = await client.calendars.list(await exactInput((sdk) => sdk.CalendarListQuery, { ...listQuery(options), ...definedFields({ patient }) }, 'list options', listHint));
      const entries = await collect(session, page, options.all);
      // Names of medications and patients, and the patients' zones (a spreadsheet needs each time's zone).
      session.printer.list(entries, await entryColumnsFor(session, entries));
    },
  );
  withExamples(list, [
    'medsched calendar list --patient clara --sort date:desc --limit 20',
    'medsched calendar list --search tablet --all --output csv > entries.csv',
    'medsched calendar list --patient patient1@sonnen.example --json id,date,amount',
  ]);

  const get = calendar
    .command('get')
    .description('Show one calendar entry.')
    .argument('<entry-id>')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = await openSession(command);
      await checkFieldsFirst(session, 'CalendarEntry', entryColumns);
      session.printer.record(await (await session.client()).calendars.get(id));
    });
  withExamples(get, ['medsched calendar get 64d005000000000000000001 --json']);

  const create = writeOptions(entryFields(calendar.command('create').description('Create a draft entry; any other field goes in --data. Asks on a terminal first (--yes: do not ask).'))).action(
    async (flags: EntryFlags & WriteFlags, command: Command) => {
      const session = await openSession(command);
      if (flags.patient === undefined && flags.data === undefined) throw usageError('--patient is required', 'e.g. --patient "Clara Claus"');
      await checkFieldsFirst(session, 'CalendarEntry', entryColumns);
      const body = await exactInput((sdk) => sdk.CalendarEntryCreateInput, await entryBody(session, flags), 'calendar entry');
      const who = typeof body.patient === 'string' ? await patientLabel(session, body.patient) : 'the patient in --data';
      const lines = Object.entries(body)
        .filter(([field]) => field !== 'patient')
        .map(([field, value]) => `  ${field}: ${typeof value === 'string' ? `"${value}"` : JSON.stringify(value)}`);
      const describe = `create a draft ${typeof body.rrule === 'string' ? 'series' : 'entry'} for ${who}`;
      const plan = {
        summary: [`Create a draft ${typeof body.rrule === 'string' ? 'series' : 'entry'} for ${who}:`, ...lines],
        consequences: ['Drafts are not dispensed until baked (`medsched bake`).'],
        question: `Create it for ${who.replace(/ \([0-9a-f]{24}\)$/, '')}?`,
        requests: [{ method: 'POST' as const, path: '/calendars/', body, describe }],
        destructive: false,
        verb: 'create',
      };
      if (!(await decideWrites(session, plan, flags))) return;
      const client = await session.client();
      const entry = await recordWrite(describe, () => client.calendars.create(body));
      session.printer.success(`Created entry ${entry.id}`);
      session.printer.record(entry);
    },
  );
  withExamples(create, [
    'medsched calendar create --patient "Clara Claus" --name "Metformin 500" --date tomorrow --time 08:00 --rrule FREQ=DAILY --amount 1 --unit tablet',
    'medsched calendar create --patient patient2@sonnen.example --name "Vitamin D3" --date next-week --time-category noon',
  ]);

  for (const [verb, description] of [
    [
      'update',
      'Change some fields of a draft entry or series (a baked intake is final: refused before asking, naming its series and the command to run). With --effective DATE the change holds from DATE on: the series is split. Shows the patient, each change (old → new) and what happens to baked days, and asks before anything is written. Baked days of a series keep their values: --rebake bakes them again.',
    ],
    [
      'replace',
      'Replace a draft entry or series as a whole (a baked intake is final: refused before asking, naming its series and the command to run). Shows the patient, each change and what happens to baked days, and asks before anything is written. Baked days of a series keep their values: --rebake bakes them again.',
    ],
  ] as const) {
    const command = writeOptions(
      entryFields(calendar.command(verb).description(description).argument('<entry-id>')).option(
        '--rebake',
        'after changing a series, unbake and bake again the dates baked with the old values (one question for all of it)',
      ),
      true,
    );
    if (verb === 'update')
      command.option('--effective <date>', 'the change holds from this day on: the series is split (the old one ends the day before, a new one starts); baked days from then need --rebake');
    command.action(async (id: string, flags: EntryFlags & WriteFlags & { rebake?: boolean; effective?: string }, self: Command) => {
      const session = await openSession(self);
      await checkFieldsFirst(session, 'CalendarEntry', entryColumns);
      const body = await entryBody(session, flags);
      if (verb === 'update' && Object.keys(body).length === 0) {
        throw usageError('nothing to change', 'give at least one field, e.g. --amount 2, --time 09:00 or --data \'{"batchNumber":"B12"}\'');
      }
      if (flags.effective !== undefined) return splitSeries(session, id, body, { effective: flags.effective, rebake: flags.rebake, yes: flags.yes, dryRun: flags.dryRun });
      await changeEntry(session, id, body, { verb, rebake: flags.rebake, yes: flags.yes, dryRun: flags.dryRun });
    });
    withExamples(command, [
      `medsched calendar ${verb} 64d005000000000000000003 --time 09:00 --amount 2`,
      `medsched calendar ${verb} 64d005000000000000000003 --amount 2 --rebake --yes`,
      `medsched calendar ${verb} 64d005000000000000000003 --amount 2 --rebake --dry-run`,
      ...(verb === 'update' ? ['medsched calendar update 64d005000000000000000003 --amount 0.5 --effective 2026-01-08 --rebake'] : []),
    ]);
  }
}
