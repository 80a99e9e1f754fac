import type { CalendarEntry } from '@medsched/sdk';
import { afterAll, beforeAll, expect } from 'vitest';
import type { RunningServer } from '../../src/node/index.js';
import { org1, org2 } from './demo.js';
import { clientFor, startTestServer } from './server.js';

/**
 * The server and clients of a bake test file (bake*.test.ts), and the helpers they share. The
 * bindings are live: `useBakeServer()` fills them before the file's tests run, one server per
 * file (vitest gives each file its own copy of this module).
 */

export let server: RunningServer;
export let admin: ReturnType<typeof clientFor>;
export let staff: ReturnType<typeof clientFor>;
export let admin2: ReturnType<typeof clientFor>;

/** Starts the file's server before its tests and closes it after them. */
export function useBakeServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
    admin = clientFor(server, { apiKey: org1.admin.apiKey });
    staff = clientFor(server, { apiKey: org1.user.apiKey });
    admin2 = clientFor(server, { apiKey: org2.admin.apiKey });
  });
  afterAll(() => server.close());
}

let patientCount = 0;
/** A new patient of org1, for one test alone. */
export async function newPatient(timezone = 'Europe/Berlin') {
  patientCount += 1;
  return admin.users.create({ organization: org1.id, role: 'patient', name: `Bake patient ${patientCount}`, timezone });
}

/** A calendar entry written by staff. */
export async function entry(patient: string, fields: Record<string, unknown>): Promise<CalendarEntry> {
  return staff.calendars.create({ patient, name: 'Entry', ...fields });
}

/** Every entry of a patient, by id (the order of a list is not what is compared). */
export async function entriesOf(patient: string): Promise<CalendarEntry[]> {
  const page = await staff.calendars.list({ patient, limit: 1000 });
  expect(page.hasMore).toBe(false);
  return [...page.items].sort((a, b) => a.id.localeCompare(b.id));
}

export const byId = (entries: CalendarEntry[]) => new Map(entries.map((item) => [item.id, item]));
export const dayOf = (entry: CalendarEntry) => `${entry.date} ${entry.startTime}`;

/** A patient's entries without what differs between two patients with the same plan. */
export function shape(entries: CalendarEntry[], seriesNames: Map<string, string>) {
  return entries
    .map((item) => ({
      date: item.date,
      startTime: item.startTime,
      title: item.title,
      baked: item.baked,
      rrule: item.rrule ?? null,
      series: item.seriesId ? seriesNames.get(String(item.seriesId)) : null,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
