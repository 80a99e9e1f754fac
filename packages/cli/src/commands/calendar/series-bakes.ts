import type { CalendarEntry } from '@medsched/sdk';
import { exactInput } from '../../input/exact-input.js';
import { usageError } from '../../errors/cli-error.js';
import { refuseBakedIntake } from './baked-intake-refusal.js';
import type { Session } from '../../client/session.js';
import { dayRangeText } from '../../dates/day-range-text.js';
import { recordWrite, setRecovery } from '../../errors/write-journal.js';
import { patientLabel } from '../../identity/patient-name.js';
import { cellText } from '../../output/cell.js';
import { plural } from '../../output/plural.js';
import { decideWrites, withQuery, type WriteFlags, type WritePlan } from '../../input/write-plan.js';

/** The baked occurrences of a series: they were materialized at bake time and keep the values they had then. */
export async function bakedOccurrences(session: Session, series: CalendarEntry): Promise<CalendarEntry[]> {
  const client = await session.client();
  const found: CalendarEntry[] = [];
  for await (const entry of client.calendars.iterate({ patient: series.userId, limit: 100 })) {
    if (entry.seriesId === series.id && entry.baked) found.push(entry);
  }
  return found.sort((a, b) => a.date.localeCompare(b.date));
}

/** How a value reads in a question: text quoted, nothing as "(none)". */
function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(none)';
  return typeof value === 'string' ? `"${cellText(value)}"` : cellText(value);
}

/** The fields the change touches, old → new; fields that stay the same are left out. */
function changes(before: CalendarEntry, body: Record<string, unknown>): { field: string; from: unknown; to: unknown }[] {
  const record = before as unknown as Record<string, unknown>;
  return Object.entries(body)
    .filter(([field, value]) => JSON.stringify(record[field] ?? null) !== JSON.stringify(value ?? null))
    .map(([field, to]) => ({ field, from: record[field], to }));
}

/** What the baked days hold for the changed fields, e.g. `amount 1 (capsule)` (several values are listed). */
function bakedValues(occurrences: CalendarEntry[], fields: string[]): string {
  return fields
    .map((field) => {
      const values = [
        ...new Set(
          occurrences.map((entry) => {
            const value = shown((entry as unknown as Record<string, unknown>)[field]);
            return field === 'amount' && typeof entry.unit === 'string' && !fields.includes('unit') ? `${value} (${cellText(entry.unit)})` : value;
          }),
        ),
      ];
      return `${field} ${values.join(' or ')}`;
    })
    .join(', ');
}

/** How many entries of the patient are baked in the range: unbake reverts all of them, not only the series. */
async function bakedInRange(session: Session, patient: string, from: string, to: string): Promise<number> {
  const client = await session.client();
  let count = 0;
  for await (const entry of client.calendars.iterate({ patient, limit: 100 })) if (entry.baked && entry.date >= from && entry.date <= to) count += 1;
  return count;
}

/**
 * `calendar update|replace`, decided before anything is written: reads the entry (and, for a
 * series, its baked days), shows the patient by name, each changed field old → new and what
 * happens to the days already baked, asks once, and only then writes: the entry, then with
 * `--rebake` unbake and bake of the baked range. A "no" sends nothing. If the rebake fails
 * half-way, the report says the series changed and which days are left unbaked.
 */
export async function changeEntry(session: Session, id: string, body: Record<string, unknown>, options: WriteFlags & { verb: 'update' | 'replace'; rebake: boolean | undefined }): Promise<void> {
  // Checked before the first request: a misspelled key never reaches the series.
  const input = await exactInput((sdk) => sdk.CalendarEntryReplaceInput, body, `calendar entry ${options.verb}`);
  const client = await session.client();
  const before = await client.calendars.get(id);
  const isSeries = typeof before.rrule === 'string';
  // Refused before any question: a baked intake is final (409), and --rebake is never dropped silently.
  if (before.baked) await refuseBakedIntake(session, before, body, options.verb);
  if (options.rebake && !isSeries)
    throw usageError(
      `--rebake bakes again the baked days of a series; entry ${id} is a one-off draft, so there is nothing baked to bake again`,
      'leave out --rebake (bake the day afterwards with `medsched bake`)',
    );
  const occurrences = isSeries ? await bakedOccurrences(session, before) : [];
  const who = await patientLabel(session, before.userId);
  const changed = changes(before, body);
  const dates = occurrences.map((entry) => entry.date);
  const from = dates[0];
  const to = dates[dates.length - 1];
  const rebake = options.rebake === true && from !== undefined && to !== undefined;
  const range = rebake ? { patient: before.userId, from, to } : undefined;

  const what = isSeries ? `series "${cellText(before.title)}" (${cellText(before.rrule)} from ${before.date})` : `entry "${cellText(before.title)}" on ${before.date}`;
  const summary = [`${options.verb === 'update' ? 'Change' : 'Replace'} the ${what} of ${who}:`];
  for (const change of changed) summary.push(`  ${change.field}: ${shown(change.from)} → ${shown(change.to)}`);
  if (changed.length === 0) summary.push('  (every given field already has that value)');
  if (options.verb === 'replace') summary.push('  (replace: fields not given take their defaults)');

  const consequences: string[] = [];
  const changedFields = changed.map((change) => change.field);
  if (from !== undefined && to !== undefined) {
    const days = `${plural(dates.length, 'baked day')} ${dayRangeText(from, to)}`;
    if (rebake) {
      const all = await bakedInRange(session, before.userId, from, to);
      const others = all - occurrences.length;
      consequences.push(
        `The ${days} will be unbaked and baked again with ${changed.length > 0 ? changed.map((change) => `${change.field} ${shown(change.to)}`).join(', ') : 'the new values'} (now ${bakedValues(occurrences, changedFields)})${others > 0 ? ` (with ${plural(others, 'other baked entry', 'other baked entries')} of those days)` : ''}; until that bake is done they are drafts that no device dispenses.`,
      );
    } else
      consequences.push(`The ${days} keep ${changedFields.length > 0 ? bakedValues(occurrences, changedFields) : 'their old values'} unless rebaked: add --rebake, or unbake and bake them yourself.`);
  } else if (options.rebake && isSeries) consequences.push('No day of this series is baked: nothing to rebake.');

  const path = `/calendars/${id}`;
  const plan: WritePlan = {
    summary,
    consequences,
    question: `${options.verb === 'update' ? 'Change' : 'Replace'} the ${isSeries ? 'series' : 'entry'} of ${who.replace(/ \([0-9a-f]{24}\)$/, '')}${rebake ? ` and bake ${dayRangeText(from, to)} again` : ''}?`,
    requests: [
      {
        method: options.verb === 'update' ? 'PATCH' : 'POST',
        path,
        body,
        describe: `${options.verb} ${what} of ${who} (${changed.map((change) => `${change.field} ${shown(change.to)}`).join(', ') || 'no change'})`,
      },
      ...(range
        ? [
            { method: 'DELETE' as const, path: withQuery('/calendars/bake', range), describe: `unbake ${who} ${range.from} to ${range.to}` },
            { method: 'POST' as const, path: '/calendars/bake', body: range, describe: `bake ${who} ${range.from} to ${range.to} with the new values` },
          ]
        : []),
    ],
    // --rebake unbakes: a script must say --yes, as for unbake.
    destructive: rebake,
    verb: rebake ? 'unbake' : options.verb,
    recovery: range
      ? `the series changed but its baked days were not baked again: run \`medsched unbake --patient ${range.patient} --from ${range.from} --to ${range.to} --yes\` then \`medsched bake --patient ${range.patient} --from ${range.from} --to ${range.to}\``
      : undefined,
  };
  if (!(await decideWrites(session, plan, options))) return;

  const [write, unbake, bake] = plan.requests.map((request) => request.describe) as [string, string?, string?];
  const entry = await recordWrite(write, () => (options.verb === 'update' ? client.calendars.update(id, input) : client.calendars.replace(id, input)));
  session.printer.success(`${options.verb === 'update' ? 'Updated' : 'Replaced'} ${isSeries ? 'series' : 'entry'} ${entry.id} of ${who}`);
  if (range && unbake && bake) {
    const reverted = await recordWrite(unbake, () => client.calendars.bake.delete(range));
    // From here the days are drafts: a stop now must say they need baking.
    setRecovery(
      `the days ${range.from} to ${range.to} of ${who} are unbaked now (drafts: no device dispenses them): run \`medsched bake --patient ${range.patient} --from ${range.from} --to ${range.to}\``,
    );
    const result = await recordWrite(bake, () => client.calendars.bake.create(range));
    setRecovery(undefined);
    session.printer.success(
      `Re-baked ${range.from} to ${range.to}: ${plural(reverted.length, 'entry', 'entries')} unbaked, ${plural(result.data.length, 'entry', 'entries')} baked with the new values`,
    );
  } else if (from !== undefined && to !== undefined) {
    session.printer.warn(`${plural(dates.length, 'baked occurrence')} keep the old values: ${dates.join(', ')}`);
    session.printer.note(`Re-bake them with the new values: add --rebake, or run \`medsched unbake --patient ${before.userId} --from ${from} --to ${to}\` then \`medsched bake\` the same range.`);
  }
  session.printer.record(entry);
}
