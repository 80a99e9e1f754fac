import type { Alarm, BakeResult, CalendarEntry, MedschedClient } from '@medsched/sdk';
import { field, type Column } from './columns.js';
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
 * The UTC offset of a row's time (`UTC+01:00`), a column of its own in CSV only: a spreadsheet
 * reads `08:00` as a time, but `08:00+01:00` as text. Empty where the zone is unknown.
 */
function offsetColumn<T>(date: (row: T) => string, time: (row: T) => string, zone: (row: T) => string | undefined): Column<T> {
  return {
    header: 'utcOffset',
    value: (row) => {
      const timeZone = zone(row);
      const offset = timeZone === undefined ? '' : utcOffsetAt(date(row), time(row), timeZone);
      return offset === '' ? '' : `UTC${offset}`;
    },
    csvOnly: true,
  };
}

/** Names the CLI has read for ids in entries: medications and patients (the id stays where none is known). */
export interface EntryNames {
  medication?: (id: string) => string | undefined;
  patient?: (id: string) => string | undefined;
}

/**
 * The columns of calendar entries in tables and CSV: what is taken, how much, when. `zoneOf`
 * gives the patient's zone where known: then the zone has a column and CSV the time's UTC offset
 * beside it. `names` puts the medication's and the patient's names in `medication` and
 * `patient` (their ids in `medicationId` and `patientId`). On a narrow terminal the patient's id
 * and seriesId, the medication's id, the entry's id, the zone and the title are left out, in that
 * order (`drop`); then `baked`, the patient and last the rule, only when the table cannot fit even
 * with every cell wrapped (the rule wraps after `;` and `,` first). The patient then stands on a
 * line above each run of its rows. Date, time, medication, amount and unit always stay; title,
 * medication, patient and rule are never cut (they wrap).
 */
export function entryColumnsIn(zoneOf: (patient: string) => string | undefined, names: EntryNames = {}): Column<CalendarEntry>[] {
  const medicationId = (entry: CalendarEntry) => (typeof entry.medication === 'string' ? entry.medication : undefined);
  return [
    field('id', 'id', 3),
    field('date'),
    field('startTime', 'time'),
    offsetColumn(
      (entry) => entry.date,
      (entry) => entry.startTime,
      (entry) => zoneOf(entry.userId),
    ),
    { header: 'timeZone', value: (entry) => zoneOf(entry.userId), drop: 4 },
    // The title (often the medication's name again) goes before the rule and before a medication's name would wrap.
    { ...field<CalendarEntry>('title', 'title', 5), whole: true },
    { header: 'amount', value: (entry) => entry.amount },
    { header: 'unit', value: (entry) => entry.unit },
    {
      header: 'medication',
      value: (entry) => {
        const id = medicationId(entry);
        return id === undefined ? entry.medication : (names.medication?.(id) ?? id);
      },
      whole: true,
      // Its strength stays on its line while the patient's name can wrap instead.
      wrapLast: true,
    },
    { header: 'medicationId', value: medicationId, drop: 2 },
    // For whom: in a list of several patients two rows could otherwise read the same. One patient's
    // list has the name in its heading line; a table too narrow for the column even with names
    // wrapped (after `baked` went) has it on a line above each patient's rows instead.
    { header: 'patient', value: (entry) => names.patient?.(entry.userId) ?? entry.userId, whole: true, drop: 8, wrapBeforeDropping: true, groupWhenLeftOut: true },
    { header: 'patientId', value: (entry) => entry.userId, drop: 1 },
    // Which days a dose is given: wraps between its parts rather than go; only a table that cannot fit even so leaves it out.
    { header: 'rrule', value: (entry) => entry.rrule, drop: 9, whole: true, wrapBeforeDropping: true },
    { header: 'seriesId', value: (entry) => entry.seriesId, drop: 1 },
    // Draft or baked: one value in most lists, then it stands in the heading line (baked: false); left out before the rule.
    { ...field<CalendarEntry>('baked', 'baked', 7), wrapBeforeDropping: true },
  ];
}

/** Entry columns before any zone is known (field checks, lists of other organizations). */
export const entryColumns: Column<CalendarEntry>[] = entryColumnsIn(() => undefined);

/** In CSV the time's UTC offset follows it in a column of its own, so a spreadsheet never has to guess the zone and still reads the time as a time. */
const bakedRowOffset = offsetColumn<BakedRow>(
  (row) => row.date,
  (row) => row.time,
  (row) => row.timeZone,
);

/**
 * On a narrow terminal the patient's id goes first (the name stays), then the entry's id, the zone, the patient
 * (the same in most bakes), the device and the entry's title; what is taken (medication, never
 * cut), how much and when always stay.
 */
const bakedRowDrop: Partial<Record<keyof BakedRow, number>> = { patientId: 1, id: 2, timeZone: 3, patient: 4, device: 5, title: 6 };

/** What is never cut on a terminal: which medication (with its strength), for whom, and the entry's title (often the same). */
const bakedRowWhole: ReadonlySet<keyof BakedRow> = new Set(['medication', 'patient', 'title']);

export const bakedRowColumns: Column<BakedRow>[] = [
  field('date'),
  field('time'),
  bakedRowOffset,
  ...(['timeZone', 'patient', 'patientId', 'medication', 'amount', 'unit', 'title', 'device', 'id'] as const).map((name) => ({
    ...field<BakedRow>(name, name, bakedRowDrop[name]),
    ...(bakedRowWhole.has(name) && { whole: true }),
  })),
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
  field('time'),
  offsetColumn<AlarmRow>(
    (row) => row.date,
    (row) => row.time,
    (row) => row.timeZone,
  ),
  field('timeZone', 'timeZone', 3),
  field('device'),
  field('deviceId', 'deviceId', 1),
  { ...field<AlarmRow>('patient'), whole: true },
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
 * Said once on stderr when the credential may not read medications: the API gives a patient's
 * key nothing else that names them (an entry's title is free text, not the catalogue's name).
 */
export const medicationIdsNote =
  "Medications are shown by id: this key may not read them (a patient's key reads only its own calendar entries, bakes and devices). An entry's title (--fields date,time,title,amount,unit) is the name the home gave it, not necessarily the medication's.";

/**
 * Medication names by id, for the rows: one read per distinct medication. A credential that
 * may not read medications (a patient: 403) keeps the ids, and `refused` is called (once per call).
 */
export async function medicationNames(client: MedschedClient, entries: readonly CalendarEntry[], refused?: () => void): Promise<Map<string, string>> {
  const ids = [...new Set(entries.map((entry) => entry.medication).filter((id): id is string => typeof id === 'string' && /^[0-9a-f]{24}$/.test(id)))];
  const names = new Map<string, string>();
  let forbidden = false;
  await Promise.all(
    ids.map(async (id) => {
      try {
        names.set(id, (await client.medications.get(id)).name);
      } catch (error) {
        // The id stays: better a row with an id than no rows.
        if ((error as { status?: unknown }).status === 403) forbidden = true;
      }
    }),
  );
  if (forbidden) refused?.();
  return names;
}

/** One row per baked entry, with the patient's and the medication's names and the patient's device(s). */
export async function bakedRows(client: MedschedClient, result: BakeResult, patientNames: Map<string, string>, zoneOf: (patient: string) => string, refused?: () => void): Promise<BakedRow[]> {
  const names = await medicationNames(client, result.data, refused);
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
