import type { Command } from 'commander';
import { organizationName as organizationNameOf, organizationText } from '../../identity/organization-name.js';
import { createApiClient } from '../../client/create-api-client.js';
import { openSession } from '../../client/session.js';
import { maskSecret, type Credential } from '../../config/settings.js';
import { CliError, usageError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { checkBaseUrl } from '../../identity/base-url-check.js';
import { discoverIdentity, type Identity } from '../../identity/identity.js';
import { verifyHome } from '../../identity/home-guard.js';
import { withExamples } from '../../output/help-examples.js';
import { cliProcess } from '../../io/cli-process.js';

interface LoginFlags {
  organization?: string;
  activate?: boolean;
}

export function registerLoginCommand(program: Command): void {
  const login = program
    .command('login')
    .summary('save a verified credential in a profile')
    .description(
      "Save a credential in a profile after checking it with the server, with the credential's organization and role as the API tells them.\nOn a terminal it asks (on stderr) for the base URL, checked at once, then the API key or token, checked at once and asked again if refused, and the profile name; otherwise it takes them from --api-key/--token or MEDSCHED_API_KEY/MEDSCHED_TOKEN.",
    )
    .option('--organization <id>', "default organization of the profile (default: the credential's)")
    .option('--activate', 'with --profile: also make it the active profile (without --profile the profile logged in to becomes active)')
    .action(async (flags: LoginFlags, command: Command) => {
      const session = await openSession(command, { allowNewProfile: true });
      const { settings, terminal, store } = session;
      const debug = session.options.debug === true;
      const given = settings.credential?.source === 'flag' || settings.credential?.source === 'environment' ? settings.credential : undefined;
      let answers: { baseUrl: string; credential: Credential; identity: Identity; profileName: string; organization: string | undefined };
      if (given) {
        // The base URL first: a wrong address should not read as a wrong key.
        const problem = await checkBaseUrl(settings.baseUrl);
        if (problem !== undefined) throw new CliError(problem, problem.startsWith('cannot reach') ? ExitCode.network : ExitCode.usage, 'pass --base-url or set MEDSCHED_BASE_URL');
        const identity = await discoverIdentity(await createApiClient(settings, { debug }), given);
        answers = {
          baseUrl: settings.baseUrl,
          credential: given,
          identity,
          profileName: settings.profileName,
          organization: flags.organization ?? settings.profile?.organization ?? identity.organization ?? settings.organization,
        };
      } else if (terminal.stdinIsTTY) {
        const { askLogin } = await import('./login-prompts.js');
        answers = await askLogin(settings, { organization: flags.organization, debug });
      } else {
        throw usageError('no credential to log in with, and no terminal to ask for one', 'pass --api-key or --token, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN');
      }
      const existing = store.get(answers.profileName) ?? {};
      // A profile belongs to one home: once it has one, another home's credential (or
      // --organization) is refused, naming both (exit 11); a home given is checked with the key.
      const loginClient = await createApiClient({ ...settings, baseUrl: answers.baseUrl, credential: answers.credential }, { debug });
      if (existing.organization !== undefined && flags.organization !== undefined && flags.organization !== existing.organization) {
        throw new CliError(
          `profile "${answers.profileName}" belongs to ${organizationText(existing.organization, existing.organizationName)}, not to ${flags.organization}: nothing was saved`,
          ExitCode.otherHome,
          `log in to that home under another profile name (\`medsched login --profile NAME --organization ${flags.organization}\`)`,
        );
      }
      const organization = existing.organization ?? answers.organization;
      const home = await verifyHome(
        {
          settings: {
            ...settings,
            credential: answers.credential,
            organization,
            organizationSource: existing.organization !== undefined ? 'profile' : flags.organization !== undefined ? 'flag' : settings.organizationSource,
            profileName: answers.profileName,
            profile: existing,
          },
          identity: () => Promise.resolve(answers.identity),
          organization: (id) => loginClient.organizations.get(id),
          knownOrganization: answers.identity.organization,
        },
        { unreadableIsOther: true },
      );
      answers.organization = home?.id;
      // The organization's name, for what a person reads here and in `profiles list`.
      const organizationName = home?.name ?? (await organizationNameOf(loginClient, answers.organization));
      await store.put(answers.profileName, {
        ...existing,
        baseUrl: answers.baseUrl,
        apiKey: answers.credential.kind === 'apiKey' ? answers.credential.secret : undefined,
        token: answers.credential.kind === 'token' ? answers.credential.secret : undefined,
        organization: answers.organization,
        organizationName,
        role: answers.identity.role ?? (home !== undefined ? 'staff' : undefined),
      });
      // `login --profile ci` sets up another profile: the one in use stays active unless asked
      // (--activate), or unless there is no usable active profile yet.
      const previous = store.currentProfile;
      const named = (session.options.profile || cliProcess().env.MEDSCHED_PROFILE) !== undefined && (session.options.profile || cliProcess().env.MEDSCHED_PROFILE) !== '';
      const activate = flags.activate === true || !named || previous === answers.profileName || (store.get(previous)?.apiKey === undefined && store.get(previous)?.token === undefined);
      if (activate) await store.setCurrentProfile(answers.profileName);
      const what = answers.credential.kind === 'apiKey' ? 'API key' : 'token';
      session.printer.success(
        `Logged in to ${answers.baseUrl} with ${what} ${maskSecret(answers.credential.secret)}; ${activate ? `profile "${answers.profileName}" is now active` : `saved in profile "${answers.profileName}"; the active profile is still "${previous}" (\`medsched profiles use ${answers.profileName}\`, or login --activate)`}`,
      );
      const { role } = answers.identity;
      // A home read with the key (staff read their own) is known even before it has any entries.
      const staff = role ?? (home !== undefined && answers.identity.organization === undefined ? 'staff' : undefined);
      session.printer.note(
        `Organization ${home === undefined ? 'not named yet: this key reads no calendar entry that names its home, and the API has no other answer for a key (pass --organization ID; it is checked with the key)' : organizationText(home.id, organizationName)}, role ${staff === 'staff' ? 'staff (admin or user: an API key does not say which)' : (staff ?? 'unknown')}.`,
      );
      session.printer.note(`Saved in ${store.path} (readable by you only).`);
    });
  withExamples(login, ['medsched login', 'MEDSCHED_API_KEY=msk_demo_sonnen_user medsched login --profile sonnen --base-url http://127.0.0.1:4010/v1', 'medsched login --profile ci --api-key "$KEY"']);
}
