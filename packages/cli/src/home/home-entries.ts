import type { CalendarEntry } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { largestPage } from './home-patients.js';

/** Requests in flight at once when a home's entries are read patient by patient: well under a rate limit. */
const parallelReads = 4;

/**
 * The calendar entries (drafts, series and baked ones) of each of a home's patients, by patient id.
 * One walk of `GET /calendars/` without `patient` (the caller's whole organization, in the largest
 * pages the interface allows) instead of one list per patient. That list is the caller's own
 * organization, so it is used only when every entry names `organization` and it is this home:
 * otherwise (another home, an empty list, a deployment that does not answer `organization`) each
 * patient's entries are listed on their own, as before, so that a count is never short.
 */
export async function readHomeEntries(session: Session, organization: string, patientIds: readonly string[]): Promise<Map<string, CalendarEntry[]>> {
  const client = await session.client();
  const byPatient = new Map<string, CalendarEntry[]>(patientIds.map((id) => [id, []]));
  const listed: CalendarEntry[] = [];
  for await (const entry of client.calendars.iterate({ limit: largestPage })) listed.push(entry);
  if (listed.length > 0 && listed.every((entry) => entry.organization === organization)) {
    for (const entry of listed) byPatient.get(entry.userId)?.push(entry);
    return byPatient;
  }
  let next = 0;
  const worker = async () => {
    while (next < patientIds.length) {
      const id = patientIds[next++] as string;
      const entries = byPatient.get(id) as CalendarEntry[];
      for await (const entry of client.calendars.iterate({ patient: id, limit: largestPage })) entries.push(entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelReads, patientIds.length) }, worker));
  return byPatient;
}
