import { PermissionDeniedError, ValidationError } from '@medsched/sdk';
import { describe, expect, it } from 'vitest';
import { org1, org2 } from './support/demo.js';
import { clientFor, raw, snapshot, withKey } from './support/server.js';
import { admin, admin2, dayOf, server, staff, useBakeServer } from './support/bake-server.js';

/**
 * The bake/unbake state machine of api-decisions.md ("Calendar entries and baking"), through
 * the SDK against a real HTTP server: organization-wide bakes and who may bake or read what. Every test works on patients it creates itself (in
 * months no other test touches), so tests do not depend on each other's order.
 */

useBakeServer();

describe('organization-wide bakes and permissions', () => {
  const demoPatients1 = [org1.patient.userId, org1.patient2.userId, org1.onlyself.userId];
  const entriesOfOrganization = (organization: string) =>
    JSON.stringify(
      server.reference.db.calendarEntries
        .all()
        .filter((item) => item.organization === organization)
        .sort((a, b) => a.id.localeCompare(b.id)),
    );

  it('organization + updateAllPatients bakes every patient of that organization and nothing of the other', async () => {
    const org2Before = entriesOfOrganization(org2.id);
    const result = await admin.calendars.bake.create({ organization: org1.id, updateAllPatients: true, from: '2026-01-05', to: '2026-01-06' });
    const org1Patients = (await admin.users.list({ organization: org1.id, limit: 1000 })).items.filter((user) => user.role === 'patient' || user.role === 'onlyself');
    const patientIds = new Set(org1Patients.map((user) => user.id));
    expect(new Set(result.data.map((item) => item.userId)).size).toBeGreaterThanOrEqual(4);
    for (const item of result.data) expect(patientIds.has(item.userId)).toBe(true);
    // Each demo patient: two one-offs and a daily series from the 5th: 4 baked entries.
    for (const id of demoPatients1) {
      const own = result.data.filter((item) => item.userId === id);
      expect(own.map(dayOf), id).toEqual(['2026-01-05 08:00', '2026-01-05 08:00', '2026-01-06 08:00', '2026-01-06 18:00']);
      expect((await staff.calendars.bake.get({ patient: id, from: '2026-01-05', to: '2026-01-06' })).data).toEqual(own);
    }
    expect(result.iotDevices.map((device) => device.id)).toEqual(expect.arrayContaining([org1.deviceOf.patient, org1.deviceOf.patient2, org1.deviceOf.onlyself]));
    expect(result.iotDevices.every((device) => device.organization === org1.id)).toBe(true);
    expect(entriesOfOrganization(org2.id)).toBe(org2Before);
    expect((await admin2.calendars.bake.get({ patient: org2.patient.userId, from: '2026-01-05', to: '2026-01-06' })).data).toEqual([]);

    // Again: nothing changes.
    const org1After = entriesOfOrganization(org1.id);
    await staff.calendars.bake.create({ organization: org1.id, updateAllPatients: true, from: '2026-01-05', to: '2026-01-06' });
    expect(entriesOfOrganization(org1.id)).toBe(org1After);
  });

  it("updateAllPatients alone bakes the caller's organization only", async () => {
    const org1Before = entriesOfOrganization(org1.id);
    const result = await admin2.calendars.bake.create({ updateAllPatients: true, from: '2026-01-07', to: '2026-01-07' });
    const patients = new Set(result.data.map((item) => item.userId));
    expect(patients).toContain(org2.patient.userId);
    expect(patients.size).toBe(4);
    expect(result.data.every((item) => item.organization === org2.id && item.baked)).toBe(true);
    expect(result.data).toHaveLength(4);
    expect(entriesOfOrganization(org1.id)).toBe(org1Before);
  });

  it("another organization's patient or organization: 403, nothing baked", async () => {
    const before = snapshot(server);
    await expect(staff.calendars.bake.create({ patient: org2.patient.userId, from: '2026-01-08', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.calendars.bake.create({ organization: org2.id, updateAllPatients: true, from: '2026-01-08', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.calendars.bake.get({ patient: org2.patient.userId, from: '2026-01-08', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(staff.calendars.bake.delete({ patient: org2.patient.userId, from: '2026-01-05', to: '2026-01-09' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(snapshot(server)).toBe(before);
  });

  it('patient with updateAllPatients, or no target: 400', async () => {
    const headers = withKey(org1.user.apiKey);
    const both = await raw(server, 'POST', '/v1/calendars/bake', { json: { patient: org1.patient.userId, updateAllPatients: true, from: '2026-01-08', to: '2026-01-09' }, headers });
    expect(both.status).toBe(400);
    const none = await raw(server, 'POST', '/v1/calendars/bake', { json: { from: '2026-01-08', to: '2026-01-09' }, headers });
    expect(none.status).toBe(400);
    await expect(staff.calendars.bake.create({ patient: org1.patient.userId, updateAllPatients: true, from: '2026-01-08', to: '2026-01-09' } as never)).rejects.toBeInstanceOf(ValidationError);
  });

  it('a patient may read its own bake, not bake or unbake, nor read another patient', async () => {
    const patient = clientFor(server, { apiKey: org1.patient.apiKey });
    const own = await patient.calendars.bake.get({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' });
    expect(own.data).toHaveLength(4);
    await expect(patient.calendars.bake.get({ patient: org1.patient2.userId, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.calendars.bake.create({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.calendars.bake.delete({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    await expect(patient.calendars.bake.create({ updateAllPatients: true, from: '2026-01-05', to: '2026-01-06' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect((await patient.calendars.bake.get({ patient: org1.patient.userId, from: '2026-01-05', to: '2026-01-06' })).data).toEqual(own.data);
  });
});
