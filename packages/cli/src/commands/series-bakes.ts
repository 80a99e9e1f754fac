import type { CalendarEntry } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { plural } from '../output/plural.js';
import { confirmAndUnbake } from './bake.js';

/** The baked occurrences of a series: they were materialized at bake time and keep the values they had then. */
export async function bakedOccurrences(session: Session, series: CalendarEntry): Promise<CalendarEntry[]> {
  const client = await session.client();
  const found: CalendarEntry[] = [];
  for await (const entry of client.calendars.iterate({ patient: series.userId, limit: 100 })) {
    if (entry.seriesId === series.id && entry.baked) found.push(entry);
  }
  return found.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * After a series changed: says which baked dates keep the old values, or with `rebake`
 * unbakes and bakes again the range that holds them (asking first, as `unbake` does).
 */
export async function reportOrRebake(session: Session, series: CalendarEntry, options: { rebake: boolean | undefined; yes: boolean | undefined }): Promise<void> {
  if (typeof series.rrule !== 'string') return;
  const occurrences = await bakedOccurrences(session, series);
  if (occurrences.length === 0) return;
  const dates = occurrences.map((entry) => entry.date);
  const from = dates[0] as string;
  const to = dates[dates.length - 1] as string;
  if (!options.rebake) {
    session.printer.warn(`${plural(dates.length, 'baked occurrence')} keep the old values: ${dates.join(', ')}`);
    session.printer.note(`Re-bake them with the new values: add --rebake, or run \`medsched unbake --patient ${series.userId} --from ${from} --to ${to}\` then \`medsched bake\` the same range.`);
    return;
  }
  const query = { patient: series.userId, from, to };
  const reverted = await confirmAndUnbake(session, query, options.yes);
  const client = await session.client();
  const result = await client.calendars.bake.create(query);
  session.printer.success(`Re-baked ${from} to ${to}: ${plural(reverted.length, 'entry', 'entries')} unbaked, ${plural(result.data.length, 'entry', 'entries')} baked with the new values`);
}
