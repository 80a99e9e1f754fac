import type { Command } from 'commander';
import { exactInput, listHint } from '../../input/exact-input.js';
import type { UserCreate } from '@medsched/sdk';
import { bodyLines, decideAndSend, writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { openSession } from '../../client/session.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../../input/json-body.js';
import { userColumns } from '../../output/list-columns.js';
import { rememberPatients } from '../../identity/remember-patients.js';
import { withExamples } from '../../output/help-examples.js';
import { collect, listOptions, listQuery, type ListOptions } from '../../input/list-options.js';
import { organizationOf } from '../../identity/organization-default.js';

interface CreateFlags {
  organization?: string;
  name?: string;
  email?: string;
  role?: string;
  category?: string;
  timezone?: string;
  data?: string;
}

export function registerUserCommands(program: Command): void {
  const user = program.command('user').description('Users of an organization: staff and patients.');
  withExamples(user, ['medsched user list --role patient --all', 'medsched user create --name "Ada Patient" --timezone Europe/Berlin']);

  const list = listOptions(user.command('list').description("List an organization's users.").option('--organization <id>', "organization (default: the profile's)")).action(
    async (options: ListOptions & { organization?: string }, command: Command) => {
      const session = await openSession(command);
      const organization = await organizationOf(session, options.organization);
      const page = await (await session.client()).users.list(await exactInput((sdk) => sdk.UserListQuery, { organization, ...listQuery(options) }, 'list options', listHint));
      const users = await collect(session, page, options.all);
      await rememberPatients(session, organization, users);
      session.printer.list(users, userColumns);
    },
  );
  withExamples(list, ['medsched user list --organization 64d001000000000000000001 --role patient --all --json']);

  const create: Command = user
    .command('create')
    .description('Create a user (role patient by default; never above your own role).')
    .option('--organization <id>', "organization (default: the profile's)")
    .option('--name <name>', 'full name')
    .option('--email <email>', 'e-mail address')
    .option('--role <role>', 'admin, user, patient or onlyself')
    .option('--category <category>', 'doctor, nurse, patient, pharmacist or relative')
    .option('--timezone <zone>', 'IANA zone, e.g. Europe/Berlin')
    .option('--data <json>', dataOptionHelp);
  writeOptions(create).action(async (flags: CreateFlags & WriteFlags, command: Command) => {
    const session = await openSession(command);
    await checkFieldsFirst(session, 'User');
    const body: Record<string, unknown> = {
      ...(await readJsonBody(flags.data)),
      ...definedFields({ name: flags.name, email: flags.email, role: flags.role, category: flags.category, timezone: flags.timezone }),
    };
    body.organization = flags.organization ?? body.organization ?? (await organizationOf(session, undefined));
    const client = await session.client();
    const describe = `create user ${JSON.stringify(body.name ?? '')} in organization ${String(body.organization)}`;
    const created = await decideAndSend(
      session,
      {
        summary: ['Create a user:', ...bodyLines(body)],
        question: `Create user ${JSON.stringify(body.name ?? '')}?`,
        request: { method: 'POST', path: '/users/', body, describe },
        destructive: false,
        verb: 'create',
      },
      flags,
      () => client.users.create(body as UserCreate),
    );
    if (created === undefined) return;
    session.printer.success(`Created user ${created.id} (${created.role ?? 'patient'})`);
    session.printer.record(created);
  });
  withExamples(create, ['medsched user create --name "Ada Patient" --email ada@example.org --category patient --timezone Europe/Berlin']);
}
