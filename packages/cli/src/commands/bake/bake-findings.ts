import type { CalendarEntry } from '@medsched/sdk';
import { addDays } from '../../dates/calendar-date.js';
import { intakeKey, seriesOccurrences } from '../../dates/series-occurrences.js';
import { cellText } from '../../output/cell.js';

/** What `bake check` can find wrong with one patient's range, before the devices are filled. */
export const findingKinds = ['no-device', 'not-baked', 'series-new', 'series-changed', 'series-deleted', 'series-not-counted'] as const;
export type FindingKind = (typeof findingKinds)[number];

/** One thing that needs attention, with the command that fixes it. */
export interface Finding {
  /** The patient's id. */
  patient: string;
  /** The patient's name as shown. */
  name: string;
  kind: FindingKind;
  /** The days concerned, e.g. "2027-01-04 to 2027-01-06, 2027-01-08" (empty when not about days). */
  days: string;
  /** What is wrong, in words a pharmacist reads. */
  detail: string;
  /** The exact command that fixes it. */
  fix: string;
}

/** What is known of one patient's range: the baked entries (bake read), the patient's entries (calendar list), its devices. */
export interface PatientRangeState {
  patient: { id: string; name: string };
  from: string;
  to: string;
  baked: CalendarEntry[];
  entries: CalendarEntry[];
  devices: number;
}

/** When an entry was baked: the service's `bakedAt`, else when the bake made it (an occurrence) or last changed it. */
export function bakeTime(entry: CalendarEntry): string {
  return entry.bakedAt ?? (entry.seriesId ? entry.createdAt : entry.updatedAt);
}

/** Dates as runs: "2027-01-04 to 2027-01-06, 2027-01-08". */
export function dateRuns(dates: Iterable<string>): string {
  const sorted = [...new Set(dates)].sort();
  const runs: string[] = [];
  let first: string | undefined;
  let last: string | undefined;
  const close = () => {
    if (first !== undefined) runs.push(first === last ? first : `${first} to ${last}`);
  };
  for (const date of sorted) {
    if (last !== undefined && addDays(last, 1) === date) last = date;
    else {
      close();
      first = last = date;
    }
  }
  close();
  return runs.join(', ');
}

/** The fields a bake copies from a series that a person reads or a device dispenses. */
const doseFields = ['name', 'amount', 'unit', 'medication', 'intakeTime', 'timeCategory', 'instruction', 'emptyStomach'] as const;

function differences(series: CalendarEntry, occurrences: CalendarEntry[]): string[] {
  const found: string[] = [];
  for (const field of doseFields) {
    const now = series[field];
    const baked = [...new Set(occurrences.map((entry) => JSON.stringify(entry[field] ?? null)))];
    // The time of an occurrence is its own (intakeTime of the occurrence): compare the start times instead.
    if (field === 'intakeTime' || field === 'timeCategory') continue;
    if (baked.some((value) => value !== JSON.stringify(now ?? null)))
      found.push(`${field} baked ${baked.map((value) => cellText(JSON.parse(value) ?? '(none)')).join(' or ')}, now ${cellText(now ?? '(none)')}`);
  }
  const times = [...new Set(occurrences.map((entry) => entry.startTime))];
  if (times.some((time) => time !== series.startTime)) found.push(`time baked ${times.join(' or ')}, now ${series.startTime}`);
  return found;
}

/**
 * The findings for one patient's range, in a fixed order (device, days, series). Pure: the
 * command reads the state, this decides, so that the decision is tested without a server.
 */
export function findPatientProblems(state: PatientRangeState): Finding[] {
  const { patient, from, to } = state;
  const findings: Finding[] = [];
  const add = (kind: FindingKind, days: string, detail: string, fix: string) => findings.push({ patient: patient.id, name: patient.name, kind, days, detail, fix });
  const bakeFix = (first: string, last: string) => `medsched bake --patient ${patient.id} --from ${first} --to ${last}`;
  const rebakeFix = (first: string, last: string) => `medsched unbake --patient ${patient.id} --from ${first} --to ${last} --yes && ${bakeFix(first, last)}`;

  if (state.devices === 0) add('no-device', '', 'no device assigned: nothing rings or dispenses the baked days', `medsched device update DEVICE_ID --patient ${patient.id}`);

  const series = state.entries.filter((entry) => typeof entry.rrule === 'string' && !entry.seriesId);
  const seriesById = new Map(series.map((entry) => [entry.id, entry]));
  const bakedBySeries = new Map<string, CalendarEntry[]>();
  for (const entry of state.baked) if (entry.seriesId) bakedBySeries.set(entry.seriesId, [...(bakedBySeries.get(entry.seriesId) ?? []), entry]);
  const lastBake = state.baked.reduce<string | undefined>((latest, entry) => (latest === undefined || bakeTime(entry) > latest ? bakeTime(entry) : latest), undefined);

  // Intakes due in the range and not baked: draft one-offs, and series occurrences without a baked entry.
  const missing = new Set<string>();
  const newSeries: string[] = [];
  for (const entry of state.entries) {
    if (entry.baked || entry.seriesId || typeof entry.rrule === 'string') continue;
    if (entry.date >= from && entry.date <= to) missing.add(entry.date);
  }
  for (const entry of series) {
    const occurrences = seriesOccurrences(entry, from, to);
    if (occurrences === undefined) {
      add(
        'series-not-counted',
        '',
        `series "${cellText(entry.title)}" (${cellText(entry.rrule)}): its rule cannot be expanded (stored before the server checked rules; @medsched/sdk/recurrence refuses it), so its unbaked days are not checked: fix or replace the series`,
        bakeFix(from, to),
      );
      continue;
    }
    // By day and time, as the bake adds them: a twice-daily series baked at 08:00 only still misses 20:00.
    const bakedIntakes = new Set((bakedBySeries.get(entry.id) ?? []).map((occurrence) => intakeKey(occurrence.date, occurrence.startTime)));
    const unbaked = occurrences.filter(({ date, time }) => !bakedIntakes.has(intakeKey(date, time))).map(({ date }) => date);
    for (const date of unbaked) missing.add(date);
    if (unbaked.length > 0 && lastBake !== undefined && entry.createdAt > lastBake) {
      newSeries.push(entry.id);
      add(
        'series-new',
        dateRuns(unbaked),
        `series "${cellText(entry.title)}" (${cellText(entry.rrule)}) was created after the range was baked: ${unbaked.length} of its intakes are not baked`,
        bakeFix(unbaked[0] as string, unbaked[unbaked.length - 1] as string),
      );
    }
  }
  if (missing.size > 0) {
    const dates = [...missing].sort();
    const detail = state.baked.length === 0 ? 'nothing baked in the range: these days have intakes due' : 'these days have intakes due that are not baked';
    add('not-baked', dateRuns(dates), detail, bakeFix(dates[0] as string, dates[dates.length - 1] as string));
  }

  for (const [id, occurrences] of bakedBySeries) {
    const dates = occurrences.map((entry) => entry.date).sort();
    const first = dates[0] as string;
    const last = dates[dates.length - 1] as string;
    const current = seriesById.get(id);
    if (!current) {
      add('series-deleted', dateRuns(dates), `${occurrences.length} baked intakes ("${cellText(occurrences[0]?.title)}") belong to series ${id}, which no longer exists`, rebakeFix(first, last));
      continue;
    }
    const stale = occurrences.filter((entry) => current.updatedAt > bakeTime(entry));
    if (stale.length === 0 || current.updatedAt === current.createdAt) continue;
    // Days baked that the rule no longer has (e.g. the series now ends earlier) are stale whatever their values.
    const ruleDates = seriesOccurrences(current, first, last)?.map((occurrence) => occurrence.date);
    const dropped = ruleDates === undefined ? [] : stale.filter((entry) => !ruleDates.includes(entry.date));
    const changed = differences(current, stale);
    const affected = changed.length > 0 || ruleDates === undefined ? stale : dropped;
    if (affected.length === 0) continue;
    const staleDates = affected.map((entry) => entry.date).sort();
    const what = [
      ...changed,
      ...(dropped.length > 0
        ? [`${dropped.length} baked ${dropped.length === 1 ? 'day is' : 'days are'} no longer in its rule (${cellText(current.rrule)}${current.date > first ? ` from ${current.date}` : ''})`]
        : []),
    ];
    add(
      'series-changed',
      dateRuns(staleDates),
      `series "${cellText(current.title)}" (${id}) changed after these days were baked${what.length > 0 ? `: ${what.join('; ')}` : ' (its rule or other fields)'}`,
      rebakeFix(staleDates[0] as string, staleDates[staleDates.length - 1] as string),
    );
  }
  return findings;
}
