import type { Alarm, BakeResult, CalendarEntry, MedschedClient } from '@medsched/sdk';
import { field, type Column } from '../output/columns.js';
import { utcOffsetAt } from '../dates/time-zone.js';

/** One baked intake, as a pharmacist reads it and a spreadsheet imports it. */
export interface BakedRow {
  date: string;
  time: string;
  /** The zone the date and time are in: the patient's (the server bakes in it). */
  timeZone: string;
  /** The patient's name where the credential may read it, else the id. */
  patient: string;
  patientId: string;
  medication: string;
  amount: number | null;
  unit: string | null;
  title: string;
  device: string;
  id: string;
}

/**
 * The columns of calendar entries in tables and CSV: what is taken, how much, when. `zoneOf`
 * gives the patient's zone where known: then the zone has a column and the CSV time its offset.
 * On a narrow terminal seriesId, rrule, medication id, patient id and zone are left out, in
 * that order (`drop`); id, date, time, title, amount, unit and baked always stay.
 */
export function entryColumnsIn(zoneOf: (patient: string) => string | undefined): Column<CalendarEntry>[] {
  return [
    field('id'),
    field('date'),
    {
      header: 'time',
      value: (entry) => entry.startTime,
      csv: (entry) => {
        const zone = zoneOf(entry.userId);
        return zone === undefined ? entry.startTime : `${entry.startTime}${utcOffsetAt(entry.date, entry.startTime, zone)}`;
      },
    },
    { header: 'timeZone', value: (entry) => zoneOf(entry.userId), drop: 5 },
    field('title'),
    { header: 'amount', value: (entry) => entry.amount },
    { header: 'unit', value: (entry) => entry.unit },
    { header: 'medication', value: (entry) => entry.medication, drop: 3 },
    field('userId', 'patient', 4),
    { header: 'rrule', value: (entry) => entry.rrule, drop: 2 },
    { header: 'seriesId', value: (entry) => entry.seriesId, drop: 1 },
    field('baked'),
  ];
}

/** Entry columns before any zone is known (field checks, lists of other organizations). */
export const entryColumns: Column<CalendarEntry>[] = entryColumnsIn(() => undefined);

/** In CSV the time carries its UTC offset (`08:00+01:00`), so a spreadsheet never has to guess the zone. */
const timeWithOffset: Column<BakedRow> = { header: 'time', value: (row) => row.time, csv: (row) => `${row.time}${utcOffsetAt(row.date, row.time, row.timeZone)}` };

/**
 * On a narrow terminal the patient's id goes first (the name stays), then the zone, the patient
 * (the same in most bakes), the device and the entry's title; what is taken (medication), how
 * much, when, and the entry id always stay.
 */
const bakedRowDrop: Partial<Record<keyof BakedRow, number>> = { patientId: 1, timeZone: 2, patient: 3, device: 4, title: 5 };

export const bakedRowColumns: Column<BakedRow>[] = [
  field('date'),
  timeWithOffset,
  ...(['timeZone', 'patient', 'patientId', 'medication', 'amount', 'unit', 'title', 'device', 'id'] as const).map((name) => field<BakedRow>(name, name, bakedRowDrop[name])),
];

/** One alarm a dispenser will ring: when, which device, for whom, how many intakes. */
export interface AlarmRow {
  date: string;
  time: string;
  timeZone: string;
  device: string;
  deviceId: string;
  patient: string;
  patientId: string;
  entries: number;
}

export const alarmColumns: Column<AlarmRow>[] = [
  field('date'),
  { header: 'time', value: (row) => row.time, csv: (row) => `${row.time}${utcOffsetAt(row.date, row.time, row.timeZone)}` },
  field('timeZone', 'timeZone', 3),
  field('device'),
  field('deviceId', 'deviceId', 1),
  field('patient'),
  field('patientId', 'patientId', 2),
  field('entries'),
];

/** The alarms with device and patient names beside their ids. */
export function alarmRows(result: BakeResult, patientNames: Map<string, string>, zoneOf: (patient: string) => string): AlarmRow[] {
  const deviceNames = new Map(result.iotDevices.map((device) => [device.id, device.name]));
  return result.alarms.map((alarm: Alarm) => ({
    date: alarm.date,
    time: alarm.time,
    timeZone: zoneOf(alarm.patient),
    device: deviceNames.get(alarm.deviceId) ?? alarm.deviceId,
    deviceId: alarm.deviceId,
    patient: patientNames.get(alarm.patient) ?? alarm.patient,
    patientId: alarm.patient,
    entries: alarm.entryIds.length,
  }));
}

/**
 * Medication names by id, for the rows: one read per distinct medication. A credential that
 * may not read medications (a patient) keeps the ids.
 */
async function medicationNames(client: MedschedClient, entries: CalendarEntry[]): Promise<Map<string, string>> {
  const ids = [...new Set(entries.map((entry) => entry.medication).filter((id): id is string => typeof id === 'string' && /^[0-9a-f]{24}$/.test(id)))];
  const names = new Map<string, string>();
  await Promise.all(
    ids.map(async (id) => {
      try {
        names.set(id, (await client.medications.get(id)).name);
      } catch {
        // The id stays: better a row with an id than no rows.
      }
    }),
  );
  return names;
}

/** One row per baked entry, with the patient's and the medication's names and the patient's device(s). */
export async function bakedRows(client: MedschedClient, result: BakeResult, patientNames: Map<string, string>, zoneOf: (patient: string) => string): Promise<BakedRow[]> {
  const names = await medicationNames(client, result.data);
  const devicesOf = (patient: string) =>
    result.iotDevices
      .filter((device) => device.patient === patient)
      .map((device) => device.name)
      .join(', ');
  return result.data.map((entry) => {
    const medication = typeof entry.medication === 'string' ? entry.medication : '';
    return {
      date: entry.date,
      time: entry.startTime,
      timeZone: zoneOf(entry.userId),
      patient: patientNames.get(entry.userId) ?? entry.userId,
      patientId: entry.userId,
      medication: names.get(medication) ?? medication,
      amount: typeof entry.amount === 'number' ? entry.amount : null,
      unit: typeof entry.unit === 'string' ? entry.unit : null,
      title: entry.title,
      device: devicesOf(entry.userId),
      id: entry.id,
    };
  });
}
