import { rmSync } from 'node:fs';
import type { Command } from 'commander';
import { organizationText } from '../../identity/organization-name.js';
import { cachePath } from '../../config/cache-file.js';
import { writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { openSession } from '../../client/session.js';
import { maskSecret } from '../../config/settings.js';
import { usageError } from '../../errors/cli-error.js';
import { withExamples } from '../../output/help-examples.js';

export function registerProfilesCommands(program: Command): void {
  const profiles = program.command('profiles').description('Named sets of base URL, credential and defaults.');
  withExamples(profiles, ['medsched profiles list', 'medsched profiles use sonnen']);

  const list = profiles
    .command('list')
    .description('List the profiles; the active one is marked.')
    .action(async (_options: unknown, command: Command) => {
      const session = await openSession(command);
      const { store } = session;
      const rows = store.names.map((name) => {
        const profile = store.get(name) ?? {};
        const secret = profile.apiKey ?? profile.token;
        return {
          active: name === store.currentProfile,
          name,
          baseUrl: profile.baseUrl ?? null,
          credential: secret === undefined ? null : `${profile.apiKey ? 'API key' : 'token'} ${maskSecret(secret)}`,
          organization: profile.organization ?? null,
          organizationName: profile.organizationName ?? null,
        };
      });
      if (rows.length === 0) session.printer.note('No profiles yet: run `medsched login`.');
      else
        session.printer.list(rows, [
          { header: ' ', value: (row) => (row.active ? '*' : '') },
          { header: 'name', value: (row) => row.name },
          { header: 'base url', value: (row) => row.baseUrl },
          { header: 'credential', value: (row) => row.credential },
          { header: 'organization', value: (row) => (row.organization === null ? null : organizationText(row.organization, row.organizationName ?? undefined)), whole: true },
        ]);
    });
  withExamples(list, ['medsched profiles list', 'medsched profiles list --json']);

  const use = profiles
    .command('use')
    .description('Make a profile the active one.')
    .argument('<name>')
    .action(async (name: string, _options: unknown, command: Command) => {
      const session = await openSession(command, { allowNewProfile: true });
      const { store } = session;
      if (store.get(name) === undefined) throw usageError(`no profile named "${name}"`, `known profiles: ${store.names.join(', ') || 'none'}`);
      await store.setCurrentProfile(name);
      session.printer.success(`Profile "${name}" is now active`);
    });
  withExamples(use, ['medsched profiles use sonnen']);

  const remove: Command = profiles
    .command('delete')
    .description('Delete a profile and its saved credential (and its medication cache). Asks on a terminal; --yes without one. The active profile cannot be deleted: switch first.')
    .argument('<name>');
  writeOptions(remove, true).action(async (name: string, flags: WriteFlags, command: Command) => {
    const session = await openSession(command, { allowNewProfile: true });
    const { store } = session;
    if (store.get(name) === undefined) throw usageError(`no profile named "${name}"`, `known profiles: ${store.names.join(', ') || 'none'}`);
    if (store.currentProfile === name) throw usageError(`"${name}" is the active profile`, `switch first: \`medsched profiles use OTHER\` (profiles: ${store.names.join(', ')})`);
    // A local change, not an API request: --dry-run shows what would go, nothing is sent anyway.
    if (flags.dryRun) {
      session.printer.note(`Dry run: profile "${name}" (${store.path}) would be deleted; nothing changed.`);
      return;
    }
    const { confirmLocal } = await import('../../input/confirm-local.js');
    await confirmLocal(session, `Delete profile "${name}" and its saved credential?`, { yes: flags.yes, what: 'delete a profile' });
    await store.remove(name);
    // Its caches go with it: patient names and e-mails are personal data.
    for (const kind of ['medications', 'patients']) rmSync(cachePath(kind, name), { force: true });
    session.printer.success(`Deleted profile "${name}"`);
  });
  withExamples(remove, ['medsched profiles delete old-ci --yes']);
}
