import type { Command } from 'commander';
import type { MedicationCreate, MedicationUpdate } from '@medsched/sdk';
import { openSession } from '../client/session.js';
import { confirmOrAbort } from '../input/confirm.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../input/json-body.js';
import { withExamples } from './help-examples.js';

interface MedicationFlags {
  name?: string;
  organization?: string;
  data?: string;
}

function medicationFields(command: Command): Command {
  return command.option('--name <name>', 'name of the medication').option('--organization <id>', 'organization (default: your own)').option('--data <json>', dataOptionHelp);
}

async function medicationBody(flags: MedicationFlags): Promise<Record<string, unknown>> {
  return { ...(await readJsonBody(flags.data)), ...definedFields({ name: flags.name, organization: flags.organization }) };
}

export function registerMedicationCommands(program: Command): void {
  const medication = program.command('medication').description("Medications of an organization.");
  withExamples(medication, ['medsched medication create --name "Ibuprofen 800 mg"', 'medsched medication get 64d003000000000000000001']);

  const create = medicationFields(medication.command('create').description('Create a medication in your organization.')).action(async (flags: MedicationFlags, command: Command) => {
    const session = await openSession(command);
    const created = await (await session.client()).medications.create((await medicationBody(flags)) as MedicationCreate);
    session.printer.success(`Created medication ${created.id}`);
    session.printer.record(created);
  });
  withExamples(create, [`medsched medication create --name "Ibuprofen 800 mg" --data '{"meta":{"atc":"M01AE01"}}'`]);

  const get = medication
    .command('get')
    .description('Show one medication.')
    .argument('<medication-id>')
    .action(async (id: string, _options: unknown, command: Command) => {
      const session = await openSession(command);
      session.printer.record(await (await session.client()).medications.get(id));
    });
  withExamples(get, ['medsched medication get 64d003000000000000000001 --json']);

  for (const [verb, description] of [
    ['update', 'Change some fields of a medication.'],
    ['replace', "Replace a medication's fields as a whole."],
  ] as const) {
    const command = medicationFields(medication.command(verb).description(description).argument('<medication-id>')).action(async (id: string, flags: MedicationFlags, self: Command) => {
      const session = await openSession(self);
      const client = await session.client();
      const body = (await medicationBody(flags)) as MedicationUpdate;
      const result = verb === 'update' ? await client.medications.update(id, body) : await client.medications.replace(id, body);
      session.printer.success(`${verb === 'update' ? 'Updated' : 'Replaced'} medication ${result.id}`);
      session.printer.record(result);
    });
    withExamples(command, [`medsched medication ${verb} 64d003000000000000000001 --name "Ibuprofen 600 mg"`]);
  }

  const remove = medication
    .command('delete')
    .description('Delete a medication. Asks on the terminal (stderr) and exits 8 on "no"; needs --yes without a terminal.')
    .argument('<medication-id>')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (id: string, options: { yes?: boolean }, command: Command) => {
      const session = await openSession(command);
      await confirmOrAbort(`Delete medication ${id}?`, { yes: options.yes, interactive: session.terminal.stdinIsTTY, what: 'delete' });
      const removed = await (await session.client()).medications.delete(id);
      session.printer.success(`Deleted medication ${removed.id}`);
      session.printer.record(removed);
    });
  withExamples(remove, ['medsched medication delete 64d003000000000000000001 --yes']);
}
