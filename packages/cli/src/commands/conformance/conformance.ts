import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ConformanceCredential } from '@medsched/conformance';
import { openSession, type Session } from '../../client/session.js';
import { CliError, usageError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { withExamples } from '../../output/help-examples.js';
import { cliProcess } from '../../io/cli-process.js';

/** Exit code when at least one rule found a difference: distinct from every failure of the CLI itself (0-9). */
/** A rule found a difference: the same code as `bake check`'s findings (a check found something to act on). */
export const driftExitCode = ExitCode.attention;

interface ConformanceFlags {
  readOnly?: boolean;
  junit?: string;
  patientProfile?: string;
  otherOrgProfile?: string;
  organization?: string;
  only?: string;
}

/**
 * A further credential: from a profile (`--patient-profile lindenhof-patient`), else from the
 * environment (for CI, where secrets are variables), else none (the rules that need it skip).
 */
function extraCredential(session: Session, profileName: string | undefined, envPrefix: string): ConformanceCredential | undefined {
  if (profileName !== undefined) {
    const profile = session.store.get(profileName);
    if (profile === undefined) throw usageError(`no profile named "${profileName}"`, `known profiles: ${session.store.names.join(', ')}`);
    if (profile.apiKey) return { apiKey: profile.apiKey };
    if (profile.token) return { token: profile.token };
    throw usageError(`profile "${profileName}" has no credential`, `run \`medsched login --profile ${profileName}\``);
  }
  const apiKey = cliProcess().env[`${envPrefix}_API_KEY`];
  const token = cliProcess().env[`${envPrefix}_TOKEN`];
  if (apiKey) return { apiKey };
  if (token) return { token };
  return undefined;
}

/** The library's errors as the CLI's: a bad flag is a usage error (2), a refused key 3, an unreachable server 7, a redirect 14 (refused, as everywhere in the CLI). */
const exitCodeOf = { invalid_options: ExitCode.usage, unknown_rule: ExitCode.usage, unauthenticated: ExitCode.auth, unreachable: ExitCode.network, redirected: ExitCode.refusedAnswer } as const;

export function registerConformanceCommand(program: Command): void {
  const conformance = program
    .command('conformance')
    .summary('check that a deployment behaves like the reference server (drift guard)')
    .description(
      "Run the named conformance rules of @medsched/conformance (tenancy and list scope, roles, device events, pagination, bake and unbake, idempotency, conflicts, error codes, limits, answer shapes), each tied to its section of the service interface, against --base-url with the profile's credential (staff or admin). Without --read-only, writes go only to a scratch patient the run creates (users and entries cannot be deleted through the interface: it stays, dated 2099, its bakes undone). Exit 0 when every rule passed or was skipped, 10 when a rule found a difference, 1 when a rule could not finish.",
    )
    .option('--read-only', 'send no write at all (for production): rules that write are skipped')
    .option('--junit <file>', 'also write the results as JUnit XML, for CI test reports')
    .option('--patient-profile <name>', "a patient's credential, for the role rules (else env MEDSCHED_CONFORMANCE_PATIENT_API_KEY or _TOKEN)")
    .option('--other-org-profile <name>', "another organization's credential, for the tenancy rules (else env MEDSCHED_CONFORMANCE_OTHER_ORG_API_KEY or _TOKEN)")
    .option('--organization <id>', "the main credential's organization (read back before use); without it a token's account, else the one organization its entries name that it may read")
    .option('--only <rules>', 'only these rules or groups, comma-separated, e.g. tenancy,conflicts.baked-entry (the rules they build on run too)')
    .action(async (flags: ConformanceFlags, command: Command) => {
      const session = await openSession(command);
      const { settings } = session;
      const credential = settings.credential;
      if (credential === undefined) throw new CliError(`not logged in (profile "${settings.profileName}")`, ExitCode.auth, 'run `medsched login`, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN');
      const patient = extraCredential(session, flags.patientProfile, 'MEDSCHED_CONFORMANCE_PATIENT');
      const otherOrganization = extraCredential(session, flags.otherOrgProfile, 'MEDSCHED_CONFORMANCE_OTHER_ORG');
      const { checkConformance, ConformanceError, formatReport, toJunit, toJunitFailure } = await import('@medsched/conformance');
      const only = flags.only
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      let report;
      try {
        report = await checkConformance({
          baseUrl: settings.baseUrl,
          credentials: {
            primary: credential.kind === 'apiKey' ? { apiKey: credential.secret } : { token: credential.secret },
            ...(patient && { patient }),
            ...(otherOrganization && { otherOrganization }),
          },
          readOnly: flags.readOnly === true,
          timeoutMs: Math.min(settings.timeout.ms, 30_000),
          headers: { 'x-client': 'medsched-cli conformance' },
          ...((flags.organization ?? settings.organization) !== undefined && { organization: flags.organization ?? settings.organization }),
          ...(only !== undefined && { only }),
        });
      } catch (error) {
        if (!(error instanceof ConformanceError)) throw error;
        // CI reads the JUnit file: a run that could not start is a failing case there, not "no tests".
        if (flags.junit) await writeFile(flags.junit, toJunitFailure(settings.baseUrl, error));
        throw new CliError(error.message, exitCodeOf[error.code], error.hint);
      }
      if (flags.junit) await writeFile(flags.junit, toJunit(report));
      if (session.printer.format === 'table') cliProcess().stdout.write(formatReport(report, { color: session.terminal.color }));
      else cliProcess().stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      cliProcess().exitCode = report.counts.fail > 0 ? driftExitCode : report.counts.error > 0 ? ExitCode.other : ExitCode.ok;
    });
  withExamples(conformance, [
    'medsched conformance --base-url http://127.0.0.1:4010/v1',
    'medsched conformance --profile production --read-only --junit conformance.xml',
    'medsched conformance --patient-profile demo-patient --other-org-profile lindenhof --json',
  ]);
}
