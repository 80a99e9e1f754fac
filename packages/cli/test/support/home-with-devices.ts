import { createClient, type MedschedClient } from '@medsched/sdk';
import type { RunningServer } from '@medsched/reference-server/node';
import { adminSecret, demoUser } from './test-server.js';

/** A resident of the test home as the server knows it. */
export interface Resident {
  id: string;
  name: string;
  email: string;
}

/** The home built on top of the demo organization Sonnen-Apotheke: its 4 demo patients plus these. */
export interface CareHome {
  organization: string;
  /** Every patient of the organization (demo ones included), with the new residents' names. */
  residents: Resident[];
  /** The residents created without a device. */
  withoutDevice: Resident[];
  /** The SDK client of the home's pharmacist (the organization admin), to check the server's state. */
  sdk: MedschedClient;
}

/** New residents: accented names, a mix of schedules with halves and one and a half tablets. */
const newResidents = [
  { name: 'Jürgen Müller', device: false, series: [{ name: 'Ramipril 5 mg', rrule: 'FREQ=DAILY', intakeTime: '08:00', amount: 1 }] },
  {
    name: 'Łukasz Żółć',
    device: false,
    series: [
      { name: 'Metoprolol 47,5 mg', rrule: 'FREQ=DAILY', intakeTime: '08:00', amount: 0.5 },
      { name: 'Metoprolol 47,5 mg', rrule: 'FREQ=DAILY', intakeTime: '20:00', amount: 0.5 },
    ],
  },
  { name: 'Kari Ødegård', device: true, series: [{ name: 'Levothyroxin 50 µg', rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', intakeTime: '07:00', amount: 1.5 }] },
  { name: 'Nguyễn Văn An', device: true, series: [{ name: 'Furosemid 40 mg', rrule: 'FREQ=DAILY;INTERVAL=2', intakeTime: '09:00', amount: 1 }] },
  { name: 'Zoë Çelik', device: true, series: [{ name: 'Simvastatin 20 mg', rrule: 'FREQ=DAILY', intakeTime: '21:00', amount: 1 }] },
  { name: 'Åsa Öberg', device: true, series: [{ name: 'Torasemid 10 mg', rrule: 'FREQ=DAILY', intakeTime: '08:00', amount: 0.5 }] },
];

/** Registers a device for a patient through the reference server's development route (the interface has no device creation). */
export async function registerDevice(server: RunningServer, organization: string, patient: string, serial: string): Promise<void> {
  const response = await fetch(`${server.origin}/dev/admin/devices`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-secret': adminSecret },
    body: JSON.stringify({ organization, name: `Dispenser ${serial}`, serialNumber: serial, patient, alarmEnable: 1 }),
  });
  if (!response.ok) throw new Error(`registering a device failed: ${response.status} ${await response.text()}`);
}

/**
 * Builds a care home of 10 patients in the demo organization (each test file has its own
 * server, so nothing leaks between files): the 4 demo patients with their devices and daily
 * series, and 6 new residents with series from `start`, 2 of them without a device.
 */
export async function createCareHome(server: RunningServer, start: string): Promise<CareHome> {
  const admin = demoUser(0, 'admin');
  const sdk = createClient({ baseUrl: server.url, apiKey: admin.apiKey, maxRetries: 0 });
  const organization = admin.organizationId;
  const withoutDevice: Resident[] = [];
  for (const [index, resident] of newResidents.entries()) {
    const email = `resident${index + 1}@sonnen.example`;
    const user = await sdk.users.create({ organization, name: resident.name, email, role: 'patient', timezone: 'Europe/Berlin' });
    for (const series of resident.series) await sdk.calendars.create({ patient: user.id, date: start, unit: 'tablet', ...series });
    if (resident.device) await registerDevice(server, organization, user.id, `HOME-${index + 1}`);
    else withoutDevice.push({ id: user.id, name: resident.name, email });
  }
  const residents: Resident[] = [];
  for (const role of ['patient', 'onlyself'] as const) {
    for await (const user of sdk.users.iterate({ organization, role, limit: 100 })) residents.push({ id: user.id, name: user.name, email: user.email ?? '' });
  }
  return { organization, residents, withoutDevice, sdk };
}

/** Every baked entry of the home in the range, read patient by patient through the SDK. */
export async function bakedEntries(home: CareHome, from: string, to: string): Promise<{ patient: string; date: string; title: string; amount: number | undefined }[]> {
  const rows: { patient: string; date: string; title: string; amount: number | undefined }[] = [];
  for (const resident of home.residents) {
    const result = await home.sdk.calendars.bake.get({ patient: resident.id, from, to });
    for (const entry of result.data) rows.push({ patient: resident.name, date: entry.date, title: entry.title, amount: entry.amount });
  }
  return rows;
}
