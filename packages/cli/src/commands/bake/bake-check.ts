import { adoptOrganizationZone } from '../../dates/home-zone.js';
import type { Command } from 'commander';
import { openSession, type Session } from '../../client/session.js';
import { resolveBakeRange } from '../../dates/date-range.js';
import { dayRangeText } from '../../dates/day-range-text.js';
import { humanDateHelp } from '../../dates/human-date.js';
import { CliError, usageError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { homePatients, type HomePatient } from '../../home/home-patients.js';
import { readHomeEntries } from '../../home/home-entries.js';
import { patientOptionHelp, resolvePatient } from '../../identity/patient-lookup.js';
import { patientName } from '../../identity/patient-name.js';
import type { Column } from '../../output/columns.js';
import { commandLines } from '../../output/command-lines.js';
import { wrapCell } from '../../output/wrap-cell.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { plural } from '../../output/plural.js';
import { startProgress } from '../../output/progress.js';
import { findPatientProblems, type Finding } from './bake-findings.js';
import { checkExitCode, parseAcknowledgements, rateFindings, unusedAcknowledgements, type RatedFinding } from './bake-severity.js';
import { withExamples } from '../../output/help-examples.js';
import { organizationOf } from '../../identity/organization-default.js';
import { cliProcess } from '../../io/cli-process.js';

interface CheckOptions {
  patient?: string;
  allPatients?: boolean;
  organization?: string;
  from?: string;
  to?: string;
  ack?: string[];
}

/** Requests in flight at once: quick, and well under a rate limit. */
const parallelReads = 4;

/** The columns of CSV and NDJSON; JSON gives the findings with the same field names. */
const findingColumns: Column<RatedFinding>[] = [
  { header: 'name', value: (finding) => finding.name },
  { header: 'patient', value: (finding) => finding.patient },
  { header: 'kind', value: (finding) => finding.kind },
  { header: 'days', value: (finding) => finding.days },
  { header: 'detail', value: (finding) => finding.detail },
  { header: 'fix', value: (finding) => finding.fix },
  { header: 'severity', value: (finding) => finding.severity },
  { header: 'acknowledged', value: (finding) => finding.acknowledged },
];

/** Reads each patient's range (bake read: baked entries and devices; calendar list: series and drafts, home-wide with `organization`) and decides what needs attention. */
async function checkPatients(session: Session, patients: HomePatient[], range: { from: string; to: string }, organization: string | undefined): Promise<Finding[][]> {
  const client = await session.client();
  // A home's entries in one list of the whole organization (`readHomeEntries`); one patient's alone.
  const homeEntries =
    organization === undefined
      ? undefined
      : await readHomeEntries(
          session,
          organization,
          patients.map((patient) => patient.id),
        );
  const results: Finding[][] = patients.map(() => []);
  const progress = patients.length > 1 ? startProgress(`Checking ${plural(patients.length, 'patient')}`, { tty: session.terminal.stderrIsTTY, style: session.errStyle }) : undefined;
  let next = 0;
  const worker = async () => {
    while (next < patients.length) {
      const index = next++;
      const patient = patients[index] as HomePatient;
      const bake = await client.calendars.bake.get({ patient: patient.id, from: range.from, to: range.to });
      let entries = homeEntries?.get(patient.id);
      if (entries === undefined) {
        entries = [];
        for await (const entry of client.calendars.iterate({ patient: patient.id, limit: 100 })) entries.push(entry);
      }
      results[index] = findPatientProblems({ patient, from: range.from.slice(0, 10), to: range.to.slice(0, 10), baked: bake.data, entries, devices: bake.iotDevices.length });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(parallelReads, patients.length) }, worker));
  } catch (error) {
    progress?.fail();
    throw error;
  }
  progress?.done(`Checked ${plural(patients.length, 'patient')}`);
  return results;
}

/**
 * The report a person reads: one block per patient that needs attention, each problem with its
 * fix on its own line(s), fitted to the terminal without breaking a word.
 */
function printReport(session: Session, patients: HomePatient[], results: RatedFinding[][]): void {
  const { printer } = session;
  const style = printer.style;
  const width = session.terminal.stdoutIsTTY ? session.terminal.columns : undefined;
  const lines: string[] = [];
  for (const [index, patient] of patients.entries()) {
    const findings = results[index] ?? [];
    if (findings.length === 0) continue;
    lines.push(`${style.bold(patient.name)} (${patient.id})`);
    for (const finding of findings) {
      // The problem wraps between words; the fix, a command to copy, breaks between its words with ` \`.
      const problem = `${finding.kind}${finding.days ? ` ${finding.days}` : ''}: ${finding.detail}${finding.acknowledged ? ' (acknowledged)' : ''}`;
      const [head = '', ...rest] = width === undefined ? [problem] : wrapCell(problem, Math.max(20, width - 5));
      lines.push(`  ${finding.severity === 'dispensing' ? style.red('!!') : style.yellow('!')} ${head}`, ...rest.map((line) => `    ${line}`));
      lines.push(...commandLines(finding.fix, '    fix: ', width));
    }
  }
  if (lines.length > 0) cliProcess().stdout.write(`${lines.join('\n')}\n`);
}

async function runCheck(_options: unknown, command: Command): Promise<void> {
  // `bake` and `bake check` share option names; commander gives them to the parent, so read both.
  const options = command.optsWithGlobals<CheckOptions>();
  if (options.patient !== undefined && (options.allPatients || options.organization !== undefined)) throw usageError('give either --patient, or --all-patients (with or without --organization)');
  if (options.patient === undefined && !options.allPatients) throw usageError('say whom to check: --patient NAME|ID, or --all-patients', 'e.g. medsched bake check --all-patients --from next-week');
  if (options.organization !== undefined && !options.allPatients) throw usageError('--organization needs --all-patients');
  const acknowledgements = parseAcknowledgements(options.ack ?? []);
  const session = await openSession(command);
  await checkFieldsFirst(session, undefined, findingColumns);
  if (options.allPatients) await adoptOrganizationZone(session, options.organization);
  const range = resolveBakeRange(options.from, options.to, session.settings.timezone);
  session.printer.note(`Dates ${range.echo}`);
  let patients: HomePatient[];
  let organization: string | undefined;
  if (options.patient !== undefined) {
    const id = await resolvePatient(session, options.patient);
    patients = [{ id, name: (await patientName(session, id)) ?? id, timezone: session.patientZones.get(id) }];
  } else {
    organization = await organizationOf(session, options.organization);
    patients = await homePatients(session, organization);
  }

  const results = (await checkPatients(session, patients, range, organization)).map((found) => rateFindings(found, acknowledgements));
  const findings = results.flat();
  if (session.printer.format === 'table') printReport(session, patients, results);
  else session.printer.list(findings, findingColumns);
  // An acknowledgement that covers nothing any more is said, so that a list of known residents does not go stale unseen.
  for (const ack of unusedAcknowledgements(findings, acknowledgements, new Set(patients.map((patient) => patient.id)))) {
    session.printer.warn(`--ack ${ack.text} matched nothing this time (fixed?): drop it`);
  }
  const needing = results.filter((found) => found.some((finding) => !finding.acknowledged)).length;
  const days = dayRangeText(range.from.slice(0, 10), range.to.slice(0, 10));
  const exitCode = checkExitCode(findings);
  if (exitCode === ExitCode.ok) {
    const acknowledged = findings.length === 0 ? '' : ` (${plural(findings.length, 'acknowledged note')})`;
    session.printer.success(
      `Nothing needs attention${acknowledged}: ${plural(patients.length, 'patient')}, ${days}: every intake due is baked, no series changed since${findings.length === 0 ? ', every patient has a device' : ''}.`,
    );
    return;
  }
  // Many patients with days not baked: one home-wide bake fixes them all (baking twice changes nothing).
  const unbaked = findings.filter((finding) => finding.kind === 'not-baked' || finding.kind === 'series-new');
  const homeFix =
    options.allPatients && new Set(unbaked.map((finding) => finding.patient)).size > 1
      ? `; the days not baked of every patient at once: medsched bake --all-patients${options.organization ? ` --organization ${options.organization}` : ''} --from ${range.from} --to ${range.to}`
      : '';
  const dispensing = findings.filter((finding) => finding.severity === 'dispensing').length;
  const what =
    dispensing > 0 ? `${plural(dispensing, 'problem')} with what devices dispense` : `${plural(findings.filter((finding) => !finding.acknowledged).length, 'note')}, nothing dispensed wrongly`;
  const hint =
    dispensing > 0
      ? `each problem above has the command that fixes it${homeFix}; run bake check again afterwards`
      : 'each note above has its fix; a known one can be acknowledged: --ack KIND:PATIENT_ID (e.g. --ack no-device:<id>)';
  throw new CliError(`${needing} of ${plural(patients.length, 'patient')} ${needing === 1 ? 'needs' : 'need'} attention (${what}), ${days}.`, exitCode, hint);
}

/** `bake check`: registered under `bake` by bake.ts. */
export function registerBakeCheck(bake: Command): void {
  const check = bake
    .command('check')
    .description(
      "Check a range before the devices are filled; changes nothing. Lists per patient what needs attention: days with intakes due that are not baked, no device assigned, series created, changed or deleted after the range was baked (the baked doses may be stale), each with the command that fixes it.\nExit 0 when nothing needs attention; 10 when a device would dispense something nobody decided (days not baked, series changed, created or deleted after the bake); 13 when only notes remain (a patient without a device), none acknowledged. JSON, CSV and NDJSON give each finding's severity (dispensing or note) and whether it was acknowledged.",
    )
    .option('--patient <name|id>', patientOptionHelp)
    .option('--all-patients', 'every patient of the organization')
    .option('--organization <id>', "with --all-patients: the organization (default: the profile's, else the credential's)")
    .option('--from <date>', `first day: ${humanDateHelp}`)
    .option('--to <date>', 'last day (inclusive); default: the end of --from')
    .option(
      '--ack <kind:patient>',
      'acknowledge a known note, e.g. no-device:PATIENT_ID (repeatable, or comma-separated): listed, but exit 0; never for what a device dispenses',
      // commander passes no previous value the first time (no default is set).
      (value: string, previous?: string[]) => [...(previous ?? []), value],
    )
    .action(runCheck);
  withExamples(check, [
    'medsched bake check --all-patients --from next-week',
    'medsched bake check --patient "Clara Claus" --from 2026-01-05 --to 2026-01-11',
    'medsched bake check --all-patients --from next-week --output csv > check.csv',
    'medsched bake check --all-patients --from next-week --ack no-device:64d002000000000000000009',
  ]);
}
