import { usageError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import type { Finding, FindingKind } from './bake-findings.js';

/**
 * How much a finding matters to a script: `dispensing` where a device would ring or dispense
 * what nobody decided (days not baked, series changed, created or deleted after the bake, or a
 * rule not checked here); `note` where nothing dispensed is wrong (a resident without a device
 * gets nothing from a device at all, which the home knows and may acknowledge).
 */
export type Severity = 'dispensing' | 'note';

const severityOfKind: Record<FindingKind, Severity> = {
  'no-device': 'note',
  'not-baked': 'dispensing',
  'series-new': 'dispensing',
  'series-changed': 'dispensing',
  'series-deleted': 'dispensing',
  // Not checked is not known to be right: counted with what a device would dispense wrongly.
  'series-not-counted': 'dispensing',
};

/** The kinds a person may acknowledge (`--ack KIND:PATIENT_ID`): only notes, never what a device dispenses. */
export const acknowledgeableKinds = Object.entries(severityOfKind)
  .filter(([, severity]) => severity === 'note')
  .map(([kind]) => kind as FindingKind);

/** A finding with its severity and whether an `--ack` covers it (JSON, CSV and NDJSON carry both). */
export interface RatedFinding extends Finding {
  severity: Severity;
  acknowledged: boolean;
}

/** One `--ack`: a kind of note for one patient. */
export interface Acknowledgement {
  kind: FindingKind;
  patient: string;
  /** As given, for the warning when it no longer matches anything. */
  text: string;
}

const patientId = /^[0-9a-f]{24}$/;
/** More than a home's residents would never be typed by hand; a bound on what a flag may hold. */
export const maxAcknowledgements = 1000;

/**
 * Parses `--ack no-device:<patient id>` values (also comma-separated, as a profile or cron line
 * keeps them). Exit 2 for a kind that is not a note (what a device dispenses is never waved
 * through), a patient that is not an id (names change and collide), or too many.
 */
export function parseAcknowledgements(values: string[]): Acknowledgement[] {
  const parts = values
    .flatMap((value) => value.split(','))
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length > maxAcknowledgements) throw usageError(`--ack: ${parts.length} acknowledgements, at most ${maxAcknowledgements}`);
  return parts.map((text) => {
    const [kind = '', patient = '', ...rest] = text.split(':');
    if (!(acknowledgeableKinds as string[]).includes(kind) || !patientId.test(patient) || rest.length > 0) {
      throw usageError(
        `--ack ${JSON.stringify(text)}: expected ${acknowledgeableKinds.map((name) => `${name}:PATIENT_ID`).join(' or ')}`,
        `only notes can be acknowledged; days not baked and series changed after the bake are fixed, never acknowledged (\`medsched bake check --json\` shows each finding's kind, patient and severity)`,
      );
    }
    return { kind: kind as FindingKind, patient, text };
  });
}

/** Each finding with its severity and acknowledgement, in the same order. */
export function rateFindings(findings: Finding[], acknowledgements: Acknowledgement[]): RatedFinding[] {
  return findings.map((finding) => {
    const severity = severityOfKind[finding.kind];
    const acknowledged = severity === 'note' && acknowledgements.some((ack) => ack.kind === finding.kind && ack.patient === finding.patient);
    return { ...finding, severity, acknowledged };
  });
}

/** Acknowledgements that matched no finding (e.g. the resident has a device now): to be dropped, and said. */
export function unusedAcknowledgements(findings: RatedFinding[], acknowledgements: Acknowledgement[], checked: Set<string>): Acknowledgement[] {
  return acknowledgements.filter((ack) => checked.has(ack.patient) && !findings.some((finding) => finding.acknowledged && finding.kind === ack.kind && finding.patient === ack.patient));
}

/** The exit code of a check: 10 for anything a device would dispense wrongly, else 13 for notes not acknowledged, else 0. */
export function checkExitCode(findings: RatedFinding[]): ExitCode {
  if (findings.some((finding) => finding.severity === 'dispensing')) return ExitCode.attention;
  if (findings.some((finding) => !finding.acknowledged)) return ExitCode.notes;
  return ExitCode.ok;
}
