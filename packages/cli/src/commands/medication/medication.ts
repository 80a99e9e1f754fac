import type { Command } from 'commander';
import type { MedicationCreate, MedicationUpdate } from '@medsched/sdk';
import { openSession } from '../../client/session.js';
import { bodyLines, decideAndSend, writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../../input/json-body.js';
import { withExamples } from '../../output/help-examples.js';
import { catalogLimits, knownMedications, matchingMedications, rememberCreated, resolveMedication } from '../../identity/medication-catalog.js';
import { organizationOf } from '../../identity/organization-default.js';
import { knownColumns } from '../../output/list-columns.js';

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
  const medication = program.command('medication').description('Medications of an organization.');
  withExamples(medication, ['medsched medication list', 'medsched medication create --name "Ibuprofen 800 mg"', 'medsched medication get "Ibuprofen 400 mg"']);

  const list = medication
    .command('list')
    .description(`List the medications your organization uses, by name. ${catalogLimits}`)
    .option('--name <text>', 'case-insensitive part of the name')
    .option('--refresh', 'read every medication again (names may have changed)')
    .action(async (options: { name?: string; refresh?: boolean }, command: Command) => {
      const session = await openSession(command);
      await checkFieldsFirst(session, undefined, knownColumns);
      const known = await knownMedications(session, { refresh: options.refresh });
      const shown = options.name === undefined ? known : matchingMedications(known, options.name);
      session.printer.list(shown, knownColumns);
    });
  withExamples(list, [
    'medsched medication list',
    'medsched medication list --name ibuprofen --json id,name',
    'medsched calendar create --patient clara --medication "Ibuprofen 400 mg" --date tomorrow --time 08:00',
  ]);

  const create = writeOptions(medicationFields(medication.command('create').description('Create a medication in your organization. Asks on a terminal first.'))).action(
    async (flags: MedicationFlags & WriteFlags, command: Command) => {
      const session = await openSession(command);
      await checkFieldsFirst(session, 'Medication');
      const body = await medicationBody(flags);
      const client = await session.client();
      const describe = `create medication ${JSON.stringify(body.name ?? '')}`;
      // The API accepts the same name twice: a second "Ibuprofen 400 mg" would split the entries between two records.
      const name = typeof body.name === 'string' ? body.name : '';
      const same = name === '' ? [] : matchingMedications(await knownMedications(session), name).filter((record) => record.name.toLowerCase() === name.trim().toLowerCase());
      const consequences = same.map(
        (record) =>
          `A medication named "${record.name}" is already known (${record.id}, ${record.source === 'created' ? 'created with this CLI' : 'named by calendar entries'}): this creates a second record. Use its id (or name) instead.`,
      );
      const created = await decideAndSend(
        session,
        {
          summary: ['Create a medication:', ...bodyLines(body)],
          consequences,
          question: same.length > 0 ? `Create a second medication named ${JSON.stringify(name)} anyway?` : `Create medication ${JSON.stringify(name)}?`,
          request: { method: 'POST', path: '/medications/', body, describe },
          // A duplicate needs a decision: without a terminal, --yes (exit 2 otherwise, nothing created).
          destructive: same.length > 0,
          verb: `create a second medication named "${name}"`,
        },
        flags,
        () => client.medications.create(body as MedicationCreate),
      );
      if (created === undefined) return;
      rememberCreated(session, created, await organizationOf(session, typeof body.organization === 'string' ? body.organization : undefined));
      session.printer.success(`Created medication ${created.id}`);
      session.printer.record(created);
    },
  );
  withExamples(create, [`medsched medication create --name "Ibuprofen 800 mg" --data '{"meta":{"atc":"M01AE01"}}'`]);

  const get = medication
    .command('get')
    .description('Show one medication.')
    .argument('<medication>', 'id or name (see `medication list`)')
    .action(async (given: string, _options: unknown, command: Command) => {
      const session = await openSession(command);
      await checkFieldsFirst(session, 'Medication');
      const id = await resolveMedication(session, given, '<medication>');
      session.printer.record(await (await session.client()).medications.get(id));
    });
  withExamples(get, ['medsched medication get 64d003000000000000000001 --json']);

  for (const [verb, description] of [
    ['update', 'Change some fields of a medication.'],
    ['replace', "Replace a medication's fields as a whole."],
  ] as const) {
    const command = writeOptions(
      medicationFields(medication.command(verb).description(`${description} Asks on a terminal first, showing old → new.`).argument('<medication>', 'id or name (see `medication list`)')),
    ).action(async (given: string, flags: MedicationFlags & WriteFlags, self: Command) => {
      const session = await openSession(self);
      await checkFieldsFirst(session, 'Medication');
      const client = await session.client();
      const id = await resolveMedication(session, given, '<medication>');
      const body = (await medicationBody(flags)) as MedicationUpdate;
      const before = (await client.medications.get(id)) as unknown as Record<string, unknown>;
      const lines = Object.entries(body).map(([field, value]) => `  ${field}: ${JSON.stringify(before[field] ?? null)} → ${JSON.stringify(value)}`);
      const describe = `${verb} medication ${JSON.stringify(before.name)} (${id})`;
      const result = await decideAndSend(
        session,
        {
          summary: [`${verb === 'update' ? 'Change' : 'Replace'} medication ${JSON.stringify(before.name)} (${id}):`, ...lines],
          consequences: ['Calendar entries refer to it by id: they show the new values.'],
          question: `${verb === 'update' ? 'Change' : 'Replace'} medication ${JSON.stringify(before.name)}?`,
          request: { method: verb === 'update' ? 'PATCH' : 'POST', path: `/medications/${id}`, body, describe },
          destructive: false,
          verb,
        },
        flags,
        () => (verb === 'update' ? client.medications.update(id, body) : client.medications.replace(id, body)),
      );
      if (result === undefined) return;
      session.printer.success(`${verb === 'update' ? 'Updated' : 'Replaced'} medication ${result.id}`);
      session.printer.record(result);
    });
    withExamples(command, [`medsched medication ${verb} 64d003000000000000000001 --name "Ibuprofen 600 mg"`]);
  }

  const remove: Command = medication
    .command('delete')
    .description('Delete a medication. Asks on the terminal (stderr) and exits 8 on "no"; needs --yes without a terminal.')
    .argument('<medication-id>');
  writeOptions(remove, true).action(async (id: string, options: WriteFlags, command: Command) => {
    const session = await openSession(command);
    await checkFieldsFirst(session, 'Medication');
    const client = await session.client();
    const before = await client.medications.get(id);
    const describe = `delete medication ${JSON.stringify(before.name)} (${id})`;
    const removed = await decideAndSend(
      session,
      {
        summary: [`Delete medication ${JSON.stringify(before.name)} (${id}).`],
        consequences: ['Calendar entries that name it keep its id but can no longer show its name.'],
        question: `Delete medication ${JSON.stringify(before.name)} (${id})?`,
        request: { method: 'DELETE', path: `/medications/${id}`, describe },
        destructive: true,
        verb: 'delete',
      },
      options,
      () => client.medications.delete(id),
    );
    if (removed === undefined) return;
    session.printer.success(`Deleted medication ${removed.id}`);
    session.printer.record(removed);
  });
  withExamples(remove, ['medsched medication delete 64d003000000000000000001 --yes']);
}
