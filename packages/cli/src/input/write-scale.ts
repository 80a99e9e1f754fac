import type { CalendarEntry } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { addDays } from '../dates/calendar-date.js';
import { intakeKey, seriesOccurrences } from '../dates/series-occurrences.js';
import type { HomePatient } from '../home/home-patients.js';
import { readHomeEntries } from '../home/home-entries.js';
import { plural } from '../output/plural.js';
import { startProgress } from '../output/progress.js';
import type { TypedConfirmation } from './write-plan.js';

/** A write over more days than this needs a typed confirmation (or --confirm-long-range in scripts). */
export const longRangeDays = 28;

/** Patients named one by one in a question; --dry-run names them all. */
const namedInQuestion = 20;

/** Requests in flight at once when reading the home: quick, and well under a rate limit. */
const parallelReads = 4;

const count = new Intl.NumberFormat('en-US');

/** What a write will touch for one patient, read before the question. */
export interface PatientScale {
  patient: HomePatient;
  /** Devices assigned to the patient (the bake result's `iotDevices`). */
  devices: number;
  /** Baked entries in the range now (what an unbake reverts). */
  baked: number;
  /** Intakes a bake would add (drafts and series occurrences not baked yet); undefined when not counted. */
  toBake: number | undefined;
  /** Series whose rule the client does not expand: their occurrences are not in `toBake`. */
  uncounted: number;
}

/** Calendar days from..to, inclusive, by their date parts (date-times count the days they fall on in UTC). */
export function rangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Intakes a bake of the range would add for one patient, from its entries and what is baked already. */
function intakesToBake(entries: CalendarEntry[], baked: CalendarEntry[], from: string, to: string): { toBake: number; uncounted: number } {
  // Per series, the intakes baked already (a day of a twice-daily series has two).
  const bakedIntakes = new Map<string, Set<string>>();
  for (const entry of baked) if (entry.seriesId) bakedIntakes.set(entry.seriesId, (bakedIntakes.get(entry.seriesId) ?? new Set()).add(intakeKey(entry.date, entry.startTime)));
  let toBake = 0;
  let uncounted = 0;
  for (const entry of entries) {
    if (entry.baked || entry.seriesId) continue;
    if (typeof entry.rrule !== 'string') {
      if (entry.date >= from && entry.date <= to) toBake += 1;
      continue;
    }
    const occurrences = seriesOccurrences(entry, from, to);
    if (occurrences === undefined) uncounted += 1;
    else toBake += occurrences.filter(({ date, time }) => !bakedIntakes.get(entry.id)?.has(intakeKey(date, time))).length;
  }
  return { toBake, uncounted };
}

/**
 * Reads, for each patient, the devices and baked entries of the range (one `GET /calendars/bake`,
 * which changes nothing) and, with `toBake`, the entries a bake would add (the calendar list,
 * series expanded on the client: with `organization`, one list of the whole home, see
 * `readHomeEntries`; else the patient's own). Progress on stderr: a home is a few seconds of reads.
 */
export async function readScales(session: Session, patients: HomePatient[], range: { from: string; to: string }, options: { toBake: boolean; organization?: string }): Promise<PatientScale[]> {
  const client = await session.client();
  const from = range.from.slice(0, 10);
  const to = range.to.slice(0, 10);
  const scales: PatientScale[] = patients.map((patient) => ({ patient, devices: 0, baked: 0, toBake: undefined, uncounted: 0 }));
  const progress = patients.length > 1 ? startProgress(`Reading ${plural(patients.length, 'patient')}`, { tty: session.terminal.stderrIsTTY, style: session.errStyle }) : undefined;
  const homeEntries =
    options.toBake && options.organization !== undefined
      ? await readHomeEntries(
          session,
          options.organization,
          patients.map((patient) => patient.id),
        )
      : undefined;
  let next = 0;
  const worker = async () => {
    while (next < scales.length) {
      const scale = scales[next++] as PatientScale;
      const result = await client.calendars.bake.get({ patient: scale.patient.id, from: range.from, to: range.to });
      scale.devices = result.iotDevices.length;
      scale.baked = result.data.length;
      if (!options.toBake) continue;
      let entries = homeEntries?.get(scale.patient.id);
      if (entries === undefined) {
        entries = [];
        for await (const entry of client.calendars.iterate({ patient: scale.patient.id, limit: 100 })) entries.push(entry);
      }
      Object.assign(scale, intakesToBake(entries, result.data, from, to));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(parallelReads, scales.length) }, worker));
  } catch (error) {
    progress?.fail();
    throw error;
  }
  progress?.done(`Read ${plural(patients.length, 'patient')}`);
  return scales;
}

function names(scales: PatientScale[], all: boolean): string {
  const shown = all ? scales : scales.slice(0, namedInQuestion);
  const rest = scales.length - shown.length;
  return shown.map((scale) => scale.patient.name).join(', ') + (rest > 0 ? ` and ${rest} more (--dry-run names them all)` : '');
}

/**
 * The scale of a bake or unbake, for the question and the dry run: patients × days, intakes,
 * one line per patient with its range, and the patients without a device named.
 */
export function scaleLines(scales: PatientScale[], range: { from: string; to: string }, options: { verb: 'bake' | 'unbake'; all: boolean }): { summary: string[]; consequences: string[] } {
  const days = rangeDays(range.from, range.to);
  const summary: string[] = [];
  const counted = scales.every((scale) => scale.toBake !== undefined);
  const baked = scales.reduce((sum, scale) => sum + scale.baked, 0);
  if (options.verb === 'unbake') {
    summary.push(`  ${plural(scales.length, 'patient')} × ${plural(days, 'day')}: ${count.format(baked)} baked ${baked === 1 ? 'intake' : 'intakes'} will be reverted.`);
  } else {
    const toBake = scales.reduce((sum, scale) => sum + (scale.toBake ?? 0), 0);
    const uncounted = scales.reduce((sum, scale) => sum + scale.uncounted, 0);
    const what = !counted
      ? 'intakes not counted'
      : `${uncounted > 0 ? 'at least ' : ''}${count.format(toBake)} ${toBake === 1 ? 'intake' : 'intakes'} to bake${uncounted > 0 ? ` (and the occurrences of ${plural(uncounted, 'series', 'series')} whose rule is not counted here)` : ''}`;
    summary.push(
      `  ${plural(scales.length, 'patient')} × ${plural(days, 'day')}: ${what}; ${count.format(baked)} already baked ${baked === 1 ? 'stays' : 'stay'} as ${baked === 1 ? 'it is' : 'they are'}.`,
    );
  }
  const listed = options.all ? scales : scales.slice(0, namedInQuestion);
  for (const scale of listed) {
    const intakes = options.verb === 'unbake' ? `${count.format(scale.baked)} baked` : scale.toBake === undefined ? 'intakes not counted' : `${count.format(scale.toBake)} to bake`;
    summary.push(`    ${scale.patient.name}: ${range.from} to ${range.to}, ${intakes}${scale.devices === 0 ? ', no device' : ''}`);
  }
  if (listed.length < scales.length) summary.push(`    … and ${scales.length - listed.length} more patients (--dry-run lists them all)`);
  const consequences: string[] = [];
  const without = scales.filter((scale) => scale.devices === 0);
  if (without.length > 0) {
    consequences.push(
      `${plural(without.length, 'patient has', 'patients have')} no device: ${names(without, options.all)}. ${options.verb === 'bake' ? 'Their days are baked, but nothing rings or dispenses them until a device is assigned.' : 'No device of theirs is affected.'}`,
    );
  }
  return { summary, consequences };
}

/** `--confirm-long-range`: the flag scripts give for a range longer than `longRangeDays`. */
export function longRangeOption<C extends { option(flags: string, description: string): C }>(command: C): C {
  return command.option('--confirm-long-range', `allow a range longer than ${longRangeDays} days without typing its length (scripts)`);
}

/**
 * The typed confirmation of a long range: on a terminal the person types the number of days
 * (a y/N for a year is too easy to give by habit); elsewhere --confirm-long-range must be given.
 */
export function longRangeConfirmation(range: { from: string; to: string }, verb: string, flagGiven: boolean | undefined): TypedConfirmation | undefined {
  const days = rangeDays(range.from, range.to);
  if (days <= longRangeDays) return undefined;
  return {
    answer: String(days),
    question: `This ${verb}s ${days} days (${range.from} to ${addDays(range.from.slice(0, 10), days - 1)}). Type ${days} to go ahead:`,
    flag: '--confirm-long-range',
    what: `${verb} ${days} days (more than ${longRangeDays})`,
    confirmedByFlag: flagGiven === true,
  };
}
