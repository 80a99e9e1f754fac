import type { BakeResult, CalendarEntry, MedschedClient } from '@medsched/sdk';

/** An inclusive range of days, `YYYY-MM-DD`. */
export interface Week {
  from: string;
  to: string;
}

/** The seven days starting at `from`. */
export function weekFrom(from: string): Week {
  const end = new Date(`${from}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 6);
  return { from, to: end.toISOString().slice(0, 10) };
}

/** The patient's entries in the week, by date then time (drafts and baked ones; series by their first day). */
export async function loadWeek(client: MedschedClient, patient: string, week: Week): Promise<CalendarEntry[]> {
  const entries: CalendarEntry[] = [];
  for await (const entry of client.calendars.iterate({ patient, sortBy: 'date,startTime', limit: 100 })) {
    if (entry.date >= week.from && entry.date <= week.to) entries.push(entry);
  }
  return entries;
}

/** What the page tells after a bake. */
export interface BakeSummary {
  baked: number;
  alarms: number;
  devices: number;
}

/** Bakes the week for the patient and sums up the answer. */
export async function bakeWeek(client: MedschedClient, patient: string, week: Week): Promise<BakeSummary> {
  const result: BakeResult = await client.calendars.bake.create({ patient, from: week.from, to: week.to });
  return { baked: result.data.length, alarms: result.alarms.length, devices: result.iotDevices.length };
}
