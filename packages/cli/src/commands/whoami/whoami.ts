import type { Command } from 'commander';
import { openSession } from '../../client/session.js';
import { maskSecret } from '../../config/settings.js';
import { CliError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { withExamples } from '../../output/help-examples.js';
import { readJwtClaims } from '../../identity/jwt-claims.js';
import { organizationName } from '../../identity/organization-name.js';

export function registerWhoamiCommand(program: Command): void {
  const whoami = program
    .command('whoami')
    .summary("show the credential's organization and role, and the server in use")
    .description(
      "Show the profile, server and credential in use (the last four characters only) and where each came from; check the credential and find its organization and role from the API's answers (see the README: there is no /me endpoint), and whether the configured organization is the credential's.",
    )
    .option('--offline', 'do not ask the server: only what is configured')
    .action(async (options: { offline?: boolean }, command: Command) => {
      const session = await openSession(command);
      const { settings } = session;
      const credential = settings.credential;
      if (credential === undefined) {
        throw new CliError(`not logged in (profile "${settings.profileName}")`, ExitCode.auth, 'run `medsched login`, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN');
      }
      const claims = credential.kind === 'token' ? readJwtClaims(credential.secret) : undefined;
      const identity = options.offline ? undefined : await session.identity();
      const organization = identity?.organization ?? (options.offline ? settings.organization : undefined);
      const matches = identity?.organization === undefined || settings.organization === undefined ? null : identity.organization === settings.organization;
      if (matches === false) {
        session.printer.warn(
          `the configured organization ${settings.organization} (${settings.organizationSource}) is not the credential's (${identity?.organization}): commands default to the configured one and will get 403`,
        );
      }
      session.printer.record({
        profile: settings.profileName,
        baseUrl: settings.baseUrl,
        baseUrlFrom: settings.baseUrlSource,
        credential: `${credential.kind === 'apiKey' ? 'API key' : 'token'} ${maskSecret(credential.secret)}`,
        credentialFrom: credential.source,
        ...(claims?.subject !== undefined && { account: claims.subject }),
        ...(claims?.expires !== undefined && { expires: claims.expires.toISOString() }),
        organization: organization ?? null,
        organizationName: (organization === undefined || options.offline ? settings.profile?.organizationName : await organizationName(await session.client(), organization)) ?? null,
        role: identity?.role ?? (options.offline ? (settings.profile?.role ?? null) : null),
        // The class is all an API key's reads tell; say what it means and how to learn more.
        ...((identity?.role ?? settings.profile?.role) === 'staff' && {
          roleNote: "admin or user: no read tells an API key's role apart, and the CLI sends no write to find out; log in with a token to see it",
        }),
        ...(identity?.userId !== undefined && { userId: identity.userId }),
        // Which answers told the organization and role: the account (token) or calendar entries (API key).
        ...(identity !== undefined && { identityFrom: identity.source }),
        configuredOrganization: settings.organization ?? null,
        configuredOrganizationFrom: settings.organizationSource ?? null,
        organizationMatches: matches,
        timezone: settings.timezone,
        timezoneFrom: settings.timezoneSource,
        status: options.offline ? 'not checked' : 'valid',
      });
    });
  withExamples(whoami, ['medsched whoami', 'medsched whoami --profile lindenhof --json organization,role,organizationMatches', 'medsched whoami --offline']);
}
