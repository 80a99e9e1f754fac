import type { Command } from 'commander';
import { openSession } from '../client/session.js';
import { maskSecret } from '../config/settings.js';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { withExamples } from './help-examples.js';
import { readJwtClaims } from './jwt-claims.js';
import { verifyCredential } from './verify-credential.js';

export function registerWhoamiCommand(program: Command): void {
  const whoami = program
    .command('whoami')
    .summary('show the credential and server in use')
    .description('Show the profile, server and credential in use (the last four characters only), where each came from, and check the credential.')
    .option('--offline', 'do not check the credential with the server')
    .action(async (options: { offline?: boolean }, command: Command) => {
      const session = await openSession(command);
      const { settings } = session;
      const credential = settings.credential;
      if (credential === undefined) {
        throw new CliError(`not logged in (profile "${settings.profileName}")`, ExitCode.auth, 'run `medsched login`, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN');
      }
      const claims = credential.kind === 'token' ? readJwtClaims(credential.secret) : undefined;
      if (!options.offline) await verifyCredential(settings, { debug: session.options.debug === true });
      session.printer.record({
        profile: settings.profileName,
        baseUrl: settings.baseUrl,
        baseUrlFrom: settings.baseUrlSource,
        credential: `${credential.kind === 'apiKey' ? 'API key' : 'token'} ${maskSecret(credential.secret)}`,
        credentialFrom: credential.source,
        ...(claims?.subject !== undefined && { account: claims.subject }),
        ...(claims?.expires !== undefined && { expires: claims.expires.toISOString() }),
        organization: settings.organization ?? null,
        timezone: settings.timezone,
        timezoneFrom: settings.timezoneSource,
        status: options.offline ? 'not checked' : 'valid',
      });
    });
  withExamples(whoami, ['medsched whoami', 'medsched whoami --profile staging --json']);
}
