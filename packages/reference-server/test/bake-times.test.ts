import { describe, expect, it } from 'vitest';
import { org1 } from './support/demo.js';
import { dayOf, entry, newPatient, staff, useBakeServer } from './support/bake-server.js';

/**
 * The bake/unbake state machine of api-decisions.md ("Calendar entries and baking"), through
 * the SDK against a real HTTP server: times in the patient's zone, alarms, and the order of the result. Every test works on patients it creates itself (in
 * months no other test touches), so tests do not depend on each other's order.
 */

useBakeServer();

describe('time zones', () => {
  it('a daily 08:00 series stays at 08:00 across the daylight-saving change; alarms per alarm device', async () => {
    const patient = await newPatient('Europe/Berlin');
    expect(patient.timezone).toBe('Europe/Berlin');
    const alarmDevice = await staff.devices.update(org1.spareDevice, { patient: patient.id, alarmEnable: 1 });
    const silentDevice = await staff.devices.update(org1.spareDevice.replace(/5$/, '6'), { patient: patient.id, alarmEnable: 0 });
    expect(alarmDevice.id).not.toBe(silentDevice.id);
    const series = await entry(patient.id, { name: 'Daily 8', date: '2026-10-20', intakeTime: '08:00', rrule: 'FREQ=DAILY' });

    const before = Date.now();
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-10-24', to: '2026-10-26' });
    expect(result.data.map(dayOf)).toEqual(['2026-10-24 08:00', '2026-10-25 08:00', '2026-10-26 08:00']);
    expect(result.data.every((item) => item.seriesId === series.id)).toBe(true);
    expect(result.allAlarms).toEqual([[480], [480], [480]]);
    expect(result.iotDevices.map((device) => device.id).sort()).toEqual([alarmDevice.id, silentDevice.id].sort());
    expect(result.alarms).toEqual(result.data.map((item) => ({ deviceId: alarmDevice.id, patient: patient.id, date: item.date, time: '08:00', entryIds: [item.id] })));
    expect(result.dateNow).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(Date.parse(result.dateNow)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(result.dateNow)).toBeLessThanOrEqual(Date.now() + 1000);

    // Without an alarm-enabled device there are no alarms, and allAlarms has an empty day each.
    await staff.devices.update(alarmDevice.id, { alarmEnable: 0 });
    const quiet = await staff.calendars.bake.get({ patient: patient.id, from: '2026-10-24', to: '2026-10-26' });
    expect(quiet.alarms).toEqual([]);
    expect(quiet.allAlarms).toEqual([[], [], []]);
    await staff.devices.update(alarmDevice.id, { patient: null });
    await staff.devices.update(silentDevice.id, { patient: null });
  });

  it('date-time bounds are read as dates in the patient zone', async () => {
    const patient = await newPatient('Europe/Berlin');
    for (const date of ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']) await entry(patient.id, { date, intakeTime: '08:00' });
    // 23:30 UTC on the 22nd is 00:30 on the 23rd in Berlin; 22:59 UTC on the 24th is 23:59 there.
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-11-22T23:30:00Z', to: '2026-11-24T22:59:00Z' });
    expect(result.data.map((item) => item.date)).toEqual(['2026-11-23', '2026-11-24']);
    expect(result.allAlarms).toHaveLength(2);
    const offset = await staff.calendars.bake.get({ patient: patient.id, from: '2026-11-22T00:30:00+01:00', to: '2026-11-25T01:00:00+02:00' });
    expect(offset.data.map((item) => item.date)).toEqual(['2026-11-23', '2026-11-24']);

    const newYork = await newPatient('America/New_York');
    await entry(newYork.id, { date: '2026-11-22', intakeTime: '08:00' });
    await entry(newYork.id, { date: '2026-11-23', intakeTime: '08:00' });
    // 03:00 UTC on the 23rd is still the 22nd in New York.
    const west = await staff.calendars.bake.create({ patient: newYork.id, from: '2026-11-23T03:00:00Z', to: '2026-11-23T03:00:00Z' });
    expect(west.data.map((item) => item.date)).toEqual(['2026-11-22']);
  });
});

describe('the bake result', () => {
  it('data sorted by date then startTime, only baked entries in range', async () => {
    const patient = await newPatient();
    await entry(patient.id, { name: 'late', date: '2026-08-02', intakeTime: '21:00' });
    await entry(patient.id, { name: 'night', date: '2026-08-01', timeCategory: 'night' });
    await entry(patient.id, { name: 'early', date: '2026-08-02', intakeTime: '06:30' });
    await entry(patient.id, { name: 'noon', date: '2026-08-01', timeCategory: 'noon' });
    await entry(patient.id, { name: 'series', date: '2026-08-01', intakeTime: '13:00', rrule: 'FREQ=DAILY' });
    await entry(patient.id, { name: 'outside', date: '2026-08-04', intakeTime: '01:00' });
    const device = await staff.devices.update(org1.spareDevice, { patient: patient.id, alarmEnable: 1 });
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-08-01', to: '2026-08-03' });
    expect(result.data.map((item) => `${dayOf(item)} ${item.title}`)).toEqual([
      '2026-08-01 12:00 noon',
      '2026-08-01 13:00 series',
      '2026-08-01 22:00 night',
      '2026-08-02 06:30 early',
      '2026-08-02 13:00 series',
      '2026-08-02 21:00 late',
      '2026-08-03 13:00 series',
    ]);
    expect(result.iotDevices.map((item) => item.id)).toEqual([device.id]);
    expect(result.allAlarms).toEqual([[720, 780, 1320], [390, 780, 1260], [780]]);
    expect(result.alarms.map((alarm) => `${alarm.date} ${alarm.time}`)).toEqual(result.data.map(dayOf));
    for (const alarm of result.alarms) {
      expect(Object.keys(alarm).sort()).toEqual(['date', 'deviceId', 'entryIds', 'patient', 'time']);
      expect(alarm).toMatchObject({ deviceId: device.id, patient: patient.id });
    }
    await staff.devices.update(device.id, { patient: null });
  });

  it('entries due at the same time share one alarm', async () => {
    const patient = await newPatient();
    const a = await entry(patient.id, { date: '2026-08-10', intakeTime: '08:00' });
    const b = await entry(patient.id, { date: '2026-08-10', timeCategory: 'morning' });
    const device = await staff.devices.update(org1.spareDevice, { patient: patient.id, alarmEnable: 1 });
    const result = await staff.calendars.bake.create({ patient: patient.id, from: '2026-08-10', to: '2026-08-11' });
    expect(result.alarms).toHaveLength(1);
    expect(result.alarms[0]!.entryIds.sort()).toEqual([a.id, b.id].sort());
    expect(result.allAlarms).toEqual([[480], []]);
    await staff.devices.update(device.id, { patient: null });
  });
});
