import type { Command } from 'commander';
import { openSession } from '../../client/session.js';
import { usageError } from '../../errors/cli-error.js';
import { withExamples } from '../../output/help-examples.js';

export function registerLogoutCommand(program: Command): void {
  const logout = program
    .command('logout')
    .summary('remove the credential from a profile')
    .description('Remove the credential from a profile (its other settings stay). Environment variables are not touched.')
    .action(async (_options: unknown, command: Command) => {
      const session = await openSession(command);
      const { store, settings } = session;
      const profile = store.get(settings.profileName);
      if (!profile?.apiKey && !profile?.token) throw usageError(`profile "${settings.profileName}" holds no credential`, 'see `medsched profiles list`');
      await store.put(settings.profileName, { ...profile, apiKey: undefined, token: undefined });
      session.printer.success(`Logged out of profile "${settings.profileName}"`);
    });
  withExamples(logout, ['medsched logout', 'medsched logout --profile lindenhof']);
}
