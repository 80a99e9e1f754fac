import type { Command } from 'commander';
import type { AccountUpdate } from '@medsched/sdk';
import { bodyLines, decideAndSend, writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { openSession } from '../../client/session.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../../input/json-body.js';
import { withExamples } from '../../output/help-examples.js';

interface AccountFlags {
  language?: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  data?: string;
}

export function registerAccountCommands(program: Command): void {
  const account = program.command('account').description('Accounts: the identity-provider side of users.');
  const update: Command = account
    .command('update')
    .description('Update an account: your own, or as an admin one of your organization.')
    .argument('<account-id>', "the identity provider's subject, e.g. auth0|64d002000000000000000003")
    .option('--language <code>', 'BCP 47 language code')
    .option('--email <email>', 'e-mail address')
    .option('--given-name <name>', 'given name')
    .option('--family-name <name>', 'family name')
    .option('--data <json>', dataOptionHelp);
  writeOptions(update).action(async (id: string, flags: AccountFlags & WriteFlags, command: Command) => {
    const session = await openSession(command);
    await checkFieldsFirst(session, 'Account');
    const body = {
      ...(await readJsonBody(flags.data)),
      ...definedFields({ language: flags.language, email: flags.email, given_name: flags.givenName, family_name: flags.familyName }),
    };
    const client = await session.client();
    const describe = `update account ${id}`;
    const updated = await decideAndSend(
      session,
      {
        summary: [`Update account ${id}:`, ...bodyLines(body)],
        question: `Update account ${id}?`,
        request: { method: 'PATCH', path: `/accounts/${encodeURIComponent(id)}`, body, describe },
        destructive: false,
        verb: 'update',
      },
      flags,
      () => client.accounts.update(id, body as AccountUpdate),
    );
    if (updated === undefined) return;
    session.printer.success(`Updated account ${updated.id}`);
    session.printer.record(updated);
  });
  withExamples(update, [
    `medsched account update 'auth0|64d002000000000000000003' --language de`,
    `medsched account update 'auth0|64d002000000000000000003' --data '{"notification":{"email":false}}'`,
  ]);
}
