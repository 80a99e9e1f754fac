import type { Command } from 'commander';
import type { CalendarEntryCreate, CalendarEntryUpdate } from '@medsched/sdk';
import { openSession } from '../client/session.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../input/json-body.js';
import { entryColumns } from './bake.js';
import { withExamples } from './help-examples.js';
import { collect, listOptions, listQuery, type ListOptions } from './list-options.js';

interface EntryFlags {
  patient?: string;
  name?: string;
  date?: string;
  time?: string;
  timeCategory?: string;
  rrule?: string;
  medication?: string;
  amount?: string;
  unit?: string;
  instruction?: string;
  data?: string;
}

function entryFields(command: Command): Command {
  return command
    .option('--patient <id>', 'the patient')
    .option('--name <text>', 'title of the entry')
    .option('--date <YYYY-MM-DD>', 'the day, or the first day of a series')
    .option('--time <HH:mm>', 'intake time')
    .option('--time-category <name>', 'morning, noon, evening or night when no --time')
    .option('--rrule <rule>', 'RFC 5545 recurrence, e.g. FREQ=DAILY;INTERVAL=2')
    .option('--medication <id>', 'the medication')
    .option('--amount <n>', 'amount per intake')
    .option('--unit <unit>', 'unit of the amount')
    .option('--instruction <text>', 'shown as the description')
    .option('--data <json>', dataOptionHelp);
}

async function entryBody(flags: EntryFlags): Promise<Record<string, unknown>> {
  return {
    ...(await readJsonBody(flags.data)),
    ...definedFields({
      patient: flags.patient,
      name: flags.name,
      date: flags.date,
      intakeTime: flags.time,
      timeCategory: flags.timeCategory,
      rrule: flags.rrule,
      medication: flags.medication,
      amount: flags.amount === undefined ? undefined : Number(flags.amount),
      unit: flags.unit,
      instruction: flags.instruction,
    }),
  };
}

export function registerCalendarCommands(program: Command): void {
  const calendar = program.command('calendar').description("Patients' calendar entries (drafts until baked).");
  withExamples(calendar, ['medsched calendar list --patient 65a1f0c2e4b0a1b2c3d4e5f6 --all', 'medsched calendar get 65a1f0c2e4b0a1b2c3d4e5f9']);

  const list = listOptions(calendar.command('list').description('List calendar entries, oldest first.').option('--patient <id>', "only this patient's entries")).action(
    async (options: ListOptions & { patient?: string }, command: Command) => {
      const session = await openSession(command);
      const client = await session.client();
      const page = await client.calendars.list({ ...listQuery(options), ...definedFields({ patient: options.patient }) });
      session.printer.list(await collect(session, page, options.all), entryColumns);
    },
  );
  withExamples(list, ['medsched calendar list --patient 65a1f0c2e4b0a1b2c3d4e5f6 --sort date:desc --limit 20', 'medsched calendar list --search metformin --all --output csv > entries.csv']);

  const get = calendar
    .command('get')
    .description('Show one calendar entry.')
    .argument('<entry-id>')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = await openSession(command);
      session.printer.record(await (await session.client()).calendars.get(id));
    });
  withExamples(get, ['medsched calendar get 65a1f0c2e4b0a1b2c3d4e5f9 --json']);

  const create = entryFields(calendar.command('create').description('Create a draft entry; any other field goes in --data.')).action(async (flags: EntryFlags, command: Command) => {
    const session = await openSession(command);
    const entry = await (await session.client()).calendars.create((await entryBody(flags)) as CalendarEntryCreate);
    session.printer.success(`Created entry ${entry.id}`);
    session.printer.record(entry);
  });
  withExamples(create, ['medsched calendar create --patient 65a1f0c2e4b0a1b2c3d4e5f6 --name "Metformin 500" --date 2026-11-23 --time 08:00 --rrule FREQ=DAILY']);

  for (const [verb, description] of [
    ['update', 'Change some fields of a draft entry (a baked one is final: 409).'],
    ['replace', 'Replace a draft entry as a whole (a baked one is final: 409).'],
  ] as const) {
    const command = entryFields(calendar.command(verb).description(description).argument('<entry-id>')).action(async (id: string, flags: EntryFlags, self: Command) => {
      const session = await openSession(self);
      const client = await session.client();
      const body = (await entryBody(flags)) as CalendarEntryUpdate;
      const entry = verb === 'update' ? await client.calendars.update(id, body) : await client.calendars.replace(id, body);
      session.printer.success(`${verb === 'update' ? 'Updated' : 'Replaced'} entry ${entry.id}`);
      session.printer.record(entry);
    });
    withExamples(command, [`medsched calendar ${verb} 65a1f0c2e4b0a1b2c3d4e5f9 --time 09:00 --amount 2`]);
  }
}
