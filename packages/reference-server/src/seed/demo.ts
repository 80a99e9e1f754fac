import type { Database } from '../db/database.js';
import { apiKeyPrefix, generateApiKey, hashApiKey } from '../domain/access/api-keys.js';
import { demoApiKey, demoEmail, demoEntries, demoEpoch, demoId, demoOrganizations, idKinds } from './demo-data.js';

/** One demo user's credentials, as `medsched-server credentials --json` prints them. */
export interface DemoCredential {
  organizationId: string;
  userId: string;
  accountId: string;
  role: string;
  category: string;
  email: string;
  apiKey: string;
}

/** The demo credentials, computed from the data without a database. */
export function demoCredentials(): DemoCredential[] {
  let userNumber = 0;
  return demoOrganizations.flatMap((organization, orgIndex) =>
    organization.users.map((user) => {
      const userId = demoId(idKinds.user, ++userNumber);
      return {
        organizationId: demoId(idKinds.organization, orgIndex + 1),
        userId,
        accountId: `auth0|${userId}`,
        role: user.role,
        category: user.category,
        email: demoEmail(organization, user),
        apiKey: demoApiKey(organization, user),
      };
    }),
  );
}

/**
 * Fills an empty database with the demo data (deterministic: same ids, keys and times every
 * time). With `keys: 'generated'` every demo user gets a fresh random key instead of its
 * published `msk_demo_…` one (a server reachable beyond loopback, or one that keeps a data
 * file); the generated credentials are returned, to be shown once. Else returns nothing.
 */
export async function seedDemo(db: Database, keys: 'demo' | 'generated' = 'demo'): Promise<DemoCredential[]> {
  const counters = { medication: 0, device: 0, entry: 0, event: 0, key: 0 };
  let tick = 0;
  // Every record gets its own minute after the epoch, so that the default order is the seed order.
  const stamp = () => new Date(demoEpoch + 60_000 * tick++).toISOString();
  const credentials = demoCredentials().map((credential) => (keys === 'generated' ? { ...credential, apiKey: generateApiKey() } : credential));

  for (const [orgIndex, organization] of demoOrganizations.entries()) {
    const organizationId = demoId(idKinds.organization, orgIndex + 1);
    const created = stamp();
    await db.organizations.create({
      id: organizationId,
      name: organization.name,
      email: `info@${organization.slug}.example`,
      kind: organization.kind,
      meta: { timezone: organization.timezone },
      createdAt: created,
      updatedAt: created,
    });

    const medicationIds: string[] = [];
    for (const name of organization.medications) {
      const id = demoId(idKinds.medication, ++counters.medication);
      const at = stamp();
      await db.medications.create({ id, name, organization: organizationId, meta: { form: 'tablet' }, date: at, createdAt: at, updatedAt: at });
      medicationIds.push(id);
    }

    for (const user of organization.users) {
      const credential = credentials.find((candidate) => candidate.email === demoEmail(organization, user))!;
      const at = stamp();
      const [firstName = '', lastName = ''] = user.name.split(' ');
      await db.users.create({
        id: credential.userId,
        organization: organizationId,
        name: user.name,
        email: credential.email,
        role: user.role,
        category: user.category,
        timezone: user.timezone,
        meta: {},
        apps: {},
        accountId: credential.accountId,
        createdAt: at,
        updatedAt: at,
      });
      await db.accounts.create({
        id: credential.accountId,
        userId: credential.userId,
        email: credential.email,
        firstName,
        lastName,
        organizationId,
        roles: [user.role],
        isMfaEnabled: false,
        createdAt: at,
        updatedAt: at,
      });
      await db.apiKeys.create({
        id: demoId(idKinds.key, ++counters.key),
        accountId: credential.accountId,
        hash: await hashApiKey(credential.apiKey),
        prefix: apiKeyPrefix(credential.apiKey),
        description: `${keys === 'generated' ? 'generated' : 'demo'} key of ${credential.email}`,
        createdAt: at,
        lastUsedAt: null,
        revokedAt: null,
      });
      if (user.role !== 'patient' && user.role !== 'onlyself') continue;

      const deviceId = demoId(idKinds.device, ++counters.device);
      const assignedAt = stamp();
      await db.devices.create({
        id: deviceId,
        name: `Dispenser of ${user.name}`,
        serialNumber: `DSP-${organization.slug.toUpperCase()}-${String(counters.device).padStart(4, '0')}`,
        organization: organizationId,
        patient: credential.userId,
        status: 'active',
        alarmEnable: user.role === 'patient' ? 1 : 0,
        kind: 'dispenser',
        takeOffsetTime: 15,
        createdAt: assignedAt,
        updatedAt: assignedAt,
      });
      const events = [
        { type: 'activate', payload: { patient: credential.userId } },
        { type: 'state', payload: { from: 'unassigned', to: 'active' } },
        { type: 'state', payload: { online: true, battery: 87 } },
      ];
      for (const [eventIndex, event] of events.entries()) {
        const timestamp = new Date(Date.parse(assignedAt) + eventIndex * 3_600_000).toISOString();
        await db.deviceEvents.create({ id: demoId(idKinds.event, ++counters.event), deviceId, ...event, timestamp, assignee: credential.userId });
      }

      for (const entry of demoEntries) {
        const { medicationIndex, ...fields } = entry;
        const at = stamp();
        await db.calendarEntries.create({
          ...fields,
          id: demoId(idKinds.entry, ++counters.entry),
          patient: credential.userId,
          organization: organizationId,
          medication: medicationIds[medicationIndex],
          baked: false,
          seriesId: null,
          createdAt: at,
          updatedAt: at,
        });
      }
    }

    for (let spare = 1; spare <= 2; spare++) {
      const at = stamp();
      await db.devices.create({
        id: demoId(idKinds.device, ++counters.device),
        name: `Spare dispenser ${spare}`,
        serialNumber: `DSP-${organization.slug.toUpperCase()}-${String(counters.device).padStart(4, '0')}`,
        organization: organizationId,
        patient: null,
        status: 'unassigned',
        alarmEnable: 0,
        kind: 'dispenser',
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  return keys === 'generated' ? credentials : [];
}
