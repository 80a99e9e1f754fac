import type { Command } from 'commander';
import { openSession } from '../client/session.js';
import { maskSecret, type Credential } from '../config/settings.js';
import { usageError } from '../errors/cli-error.js';
import { withExamples } from './help-examples.js';
import { verifyCredential } from './verify-credential.js';

interface LoginFlags {
  organization?: string;
}

export function registerLoginCommand(program: Command): void {
  const login = program
    .command('login')
    .summary('save a verified credential in a profile')
    .description(
      'Save a credential in a profile after checking it with a real request.\nOn a terminal it asks for the base URL, the API key or token, and the profile name; otherwise it takes them from --api-key/--token or MEDSCHED_API_KEY/MEDSCHED_TOKEN.',
    )
    .option('--organization <id>', 'default organization of the profile')
    .action(async (flags: LoginFlags, command: Command) => {
      const session = await openSession(command, { allowNewProfile: true });
      const { settings, terminal, store } = session;
      const given = settings.credential?.source === 'flag' || settings.credential?.source === 'environment' ? settings.credential : undefined;
      let answers: { baseUrl: string; credential: Credential; profileName: string; organization: string | undefined };
      if (given) {
        answers = { baseUrl: settings.baseUrl, credential: given, profileName: settings.profileName, organization: flags.organization ?? settings.organization };
      } else if (terminal.stdinIsTTY) {
        const { askLogin } = await import('./login-prompts.js');
        answers = await askLogin({ baseUrl: settings.baseUrl, profileName: settings.profileName, organization: flags.organization ?? settings.organization });
      } else {
        throw usageError('no credential to log in with, and no terminal to ask for one', 'pass --api-key or --token, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN');
      }
      await verifyCredential({ ...settings, baseUrl: answers.baseUrl, credential: answers.credential }, { debug: session.options.debug === true });
      const existing = store.get(answers.profileName) ?? {};
      store.put(answers.profileName, {
        ...existing,
        baseUrl: answers.baseUrl,
        apiKey: answers.credential.kind === 'apiKey' ? answers.credential.secret : undefined,
        token: answers.credential.kind === 'token' ? answers.credential.secret : undefined,
        organization: answers.organization,
      });
      store.currentProfile = answers.profileName;
      const what = answers.credential.kind === 'apiKey' ? 'API key' : 'token';
      session.printer.success(`Logged in to ${answers.baseUrl} with ${what} ${maskSecret(answers.credential.secret)}; profile "${answers.profileName}" is now active`);
      session.printer.note(`Saved in ${store.path} (readable by you only).`);
    });
  withExamples(login, ['medsched login', 'MEDSCHED_API_KEY=msk_… medsched login --profile staging --base-url https://staging.example/v1', 'medsched login --profile ci --api-key "$KEY" --organization 65a1f0c2e4b0a1b2c3d4e5f0']);
}
