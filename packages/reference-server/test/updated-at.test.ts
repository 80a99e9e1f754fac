import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/node/index.js';
import { org1 } from './support/demo.js';
import { clientFor, startTestServer } from './support/server.js';

/**
 * Every change moves `updatedAt` ("when the entry last changed"): a copy that reads what changed
 * since its last night relies on it. Bake and unbake flipped `baked` without it. The server's
 * clock is injected: each step of a test sets it, so every write's time is known.
 */

let server: RunningServer;
let staff: ReturnType<typeof clientFor>;
let clock = Date.parse('2026-06-01T08:00:00.000Z');
const at = (iso: string) => (clock = Date.parse(iso));

beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
  staff = clientFor(server, { apiKey: org1.user.apiKey });
});
afterAll(() => server.close());

describe('updatedAt moves with every change', () => {
  it('bake and unbake move the updatedAt of the one-off entries they flip; occurrences carry the time they were written', async () => {
    at('2026-06-01T08:00:00.000Z');
    const patient = await clientFor(server, { apiKey: org1.admin.apiKey }).users.create({ organization: org1.id, role: 'patient', name: 'Updated patient', timezone: 'UTC' });
    const oneOff = await staff.calendars.create({ patient: patient.id, name: 'One-off', date: '2026-07-02', intakeTime: '09:00' });
    const series = await staff.calendars.create({ patient: patient.id, name: 'Daily', date: '2026-07-01', intakeTime: '08:00', rrule: 'FREQ=DAILY' });
    expect(oneOff.updatedAt).toBe('2026-06-01T08:00:00.000Z');

    at('2026-06-02T10:00:00.000Z');
    const baked = await staff.calendars.bake.create({ patient: patient.id, from: '2026-07-01', to: '2026-07-03' });
    const bakedOneOff = baked.data.find((entry) => entry.id === oneOff.id);
    expect(bakedOneOff).toMatchObject({ baked: true, updatedAt: '2026-06-02T10:00:00.000Z' });
    const occurrences = baked.data.filter((entry) => entry.seriesId === series.id);
    expect(occurrences).toHaveLength(3);
    for (const occurrence of occurrences) expect(occurrence.updatedAt).toBe('2026-06-02T10:00:00.000Z');
    expect((await staff.calendars.get(oneOff.id)).updatedAt).toBe('2026-06-02T10:00:00.000Z');

    at('2026-06-03T11:00:00.000Z');
    const reverted = await staff.calendars.bake.delete({ patient: patient.id, from: '2026-07-01', to: '2026-07-03' });
    expect(reverted.find((entry) => entry.id === oneOff.id)).toMatchObject({ baked: false, updatedAt: '2026-06-03T11:00:00.000Z' });
    expect(await staff.calendars.get(oneOff.id)).toMatchObject({ baked: false, updatedAt: '2026-06-03T11:00:00.000Z' });
    // The series itself did not change: its updatedAt stays.
    expect((await staff.calendars.get(series.id)).updatedAt).toBe('2026-06-01T08:00:00.000Z');
  });
});
