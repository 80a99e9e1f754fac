import type { Command } from 'commander';
import type { AccountUpdate } from '@medsched/sdk';
import { openSession } from '../client/session.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../input/json-body.js';
import { withExamples } from './help-examples.js';

interface AccountFlags {
  language?: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  data?: string;
}

export function registerAccountCommands(program: Command): void {
  const account = program.command('account').description('Accounts: the identity-provider side of users.');
  const update = account
    .command('update')
    .description('Update an account: your own, or as an admin one of your organization.')
    .argument('<account-id>', "the identity provider's subject, e.g. auth0|64d002000000000000000003")
    .option('--language <code>', 'BCP 47 language code')
    .option('--email <email>', 'e-mail address')
    .option('--given-name <name>', 'given name')
    .option('--family-name <name>', 'family name')
    .option('--data <json>', dataOptionHelp)
    .action(async (id: string, flags: AccountFlags, command: Command) => {
      const session = await openSession(command);
      const body = {
        ...(await readJsonBody(flags.data)),
        ...definedFields({ language: flags.language, email: flags.email, given_name: flags.givenName, family_name: flags.familyName }),
      };
      const updated = await (await session.client()).accounts.update(id, body as AccountUpdate);
      session.printer.success(`Updated account ${updated.id}`);
      session.printer.record(updated);
    });
  withExamples(update, [`medsched account update 'auth0|64d002000000000000000003' --language de`, `medsched account update 'auth0|64d002000000000000000003' --data '{"notification":{"email":false}}'`]);
}
