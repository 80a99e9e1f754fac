import type { Command } from 'commander';
import { bodyLines, decideAndSend, writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { openSession } from '../../client/session.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../../input/json-body.js';
import { withExamples } from '../../output/help-examples.js';
import { organizationOf } from '../../identity/organization-default.js';

export function registerOrgCommands(program: Command): void {
  const org = program.command('org').description('Your organization (the tenant every record belongs to).');
  withExamples(org, ['medsched org get', 'medsched org update --name "Sonnen-Apotheke Mitte"']);

  const get = org
    .command('get')
    .description('Show an organization you belong to.')
    .argument('[organization-id]', "default: the profile's organization")
    .action(async (id: string | undefined, _options: unknown, command: Command) => {
      const session = await openSession(command);
      await checkFieldsFirst(session, 'Organization');
      session.printer.record(await (await session.client()).organizations.get(await organizationOf(session, id)));
    });
  withExamples(get, ['medsched org get 64d001000000000000000001 --json']);

  const update: Command = org
    .command('update')
    .description('Update your organization (admins only).')
    .argument('[organization-id]', "default: the profile's organization")
    .option('--name <name>', 'new name')
    .option('--kind <kind>', 'kind of organization')
    .option('--data <json>', dataOptionHelp);
  writeOptions(update).action(async (id: string | undefined, flags: { name?: string; kind?: string; data?: string } & WriteFlags, command: Command) => {
    const session = await openSession(command);
    await checkFieldsFirst(session, 'Organization');
    const organization = await organizationOf(session, id);
    const body = { ...(await readJsonBody(flags.data)), ...definedFields({ name: flags.name, kind: flags.kind }) };
    const client = await session.client();
    const describe = `update organization ${organization}`;
    const updated = await decideAndSend(
      session,
      {
        summary: [`Update organization ${organization}:`, ...bodyLines(body)],
        question: `Update organization ${organization}?`,
        request: { method: 'PATCH', path: `/organizations/${organization}`, body, describe },
        destructive: false,
        verb: 'update',
      },
      flags,
      () => client.organizations.update(organization, body),
    );
    if (updated === undefined) return;
    session.printer.success(`Updated organization ${updated.id}`);
    session.printer.record(updated);
  });
  withExamples(update, ['medsched org update 64d001000000000000000001 --name "Sonnen-Apotheke Mitte"']);
}
