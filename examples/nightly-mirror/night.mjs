// One night of the copy: what changed since the last night, what was deleted, and the devices'
// events, each read so that nothing is missed while the home goes on working.
//
// What the interface cannot guarantee, and how this copy lives with it:
// - Lists have no "changed since" filter: changes are read newest first (sortBy updatedAt:desc)
//   down to the watermark. The watermark is the server's clock at the start of the last night
//   minus a margin (writes that took longer than the margin to show could be missed).
// - Nothing tells of deletions: a full walk of the ids finds them. An entry deleted and the same
//   night re-created under another id is simply a new entry.
// - A device event's timestamp is the device's clock: an event that reaches the server later
//   than the look-back window after its timestamp is missed. Events are kept once, by id.
// - Devices are not listed by the interface: they are found through the patients' bake reads
//   (iotDevices), and kept once seen; a device never assigned to a patient is not found.
import { serverNow } from './server-clock.mjs';

/** Defaults for a night: the margin covers a long write (a bake runs for seconds) and clock steps. */
export const nightDefaults = { marginMs: 5 * 60_000, eventLookBackMs: 72 * 3_600_000, pageSize: 500 };

const iso = (ms) => new Date(ms).toISOString();

/** Entries changed since the watermark (all of them on the first night), newest first. */
async function copyChanges(client, store, since, pageSize, stats) {
  const seen = new Set();
  for await (const entry of client.calendars.iterate({ sortBy: 'updatedAt:desc', limit: pageSize })) {
    if (since !== undefined && Date.parse(entry.updatedAt) < since) break;
    if (seen.has(entry.id)) stats.duplicates += 1;
    seen.add(entry.id);
    store.upsertEntry(entry);
    stats.changed += 1;
  }
}

/**
 * Removes what the server no longer has: every id of the copy that a complete walk (see
 * `iterate()`) did not yield. Only ids the copy held before the walk are candidates, so an entry
 * created during the walk is never removed.
 */
async function removeDeleted(client, store, pageSize, stats) {
  const before = store.entryIds();
  const listed = new Set();
  for await (const entry of client.calendars.iterate({ limit: pageSize })) {
    if (listed.has(entry.id)) stats.duplicates += 1;
    listed.add(entry.id);
  }
  const gone = [...before].filter((id) => !listed.has(id));
  store.deleteEntries(gone);
  stats.deleted = gone.length;
  stats.listed = listed.size;
}

/** The devices of the organization's patients, added to those the copy already knows. */
async function findDevices(client, store, organization, today) {
  for await (const patient of client.users.iterate({ organization, role: 'patient', limit: 100 })) {
    const { iotDevices } = await client.calendars.bake.get({ patient: patient.id, from: today, to: today });
    for (const device of iotDevices) store.addDevice(device.id);
  }
  return store.deviceIds();
}

/** Each device's events from the last night's start minus the look-back, kept once by id. */
async function copyEvents(client, store, devices, since, lookBackMs, stats) {
  const query = since === undefined ? {} : { DateStart: iso(since - lookBackMs) };
  for (const device of devices) {
    for (const event of await client.devices.events(device, query)) if (store.addEvent(event)) stats.events += 1;
  }
}

/**
 * Runs one night against `client` (a staff or admin credential of `organization`) into `store`,
 * saving it at the end. Returns what it did.
 */
export async function runNight({ client, store, organization, marginMs = nightDefaults.marginMs, eventLookBackMs = nightDefaults.eventLookBackMs, pageSize = nightDefaults.pageSize }) {
  const startedAt = await serverNow(client, organization);
  const entriesSince = store.get('entriesWatermark');
  const eventsSince = store.get('eventsWatermark');
  const stats = { changed: 0, duplicates: 0, deleted: 0, listed: 0, devices: 0, events: 0 };
  await copyChanges(client, store, entriesSince === undefined ? undefined : Date.parse(entriesSince), pageSize, stats);
  await removeDeleted(client, store, pageSize, stats);
  const devices = await findDevices(client, store, organization, iso(startedAt).slice(0, 10));
  stats.devices = devices.length;
  await copyEvents(client, store, devices, eventsSince === undefined ? undefined : Date.parse(eventsSince), eventLookBackMs, stats);
  store.set('entriesWatermark', iso(startedAt - marginMs));
  store.set('eventsWatermark', iso(startedAt));
  store.save();
  return stats;
}
