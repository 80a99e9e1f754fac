import { Table } from './table.js';
import { AccountRecord, ApiKeyRecord, CalendarEntryRecord, DeviceEventRecord, DeviceRecord, MedicationRecord, OrganizationRecord, UserRecord } from './models.js';

/**
 * The in-memory store: one @msw/data collection per resource, each with the indexes its hot
 * paths need. References between records are ids (as in the API), joined through the indexes.
 */
export function createDatabase() {
  return {
    organizations: new Table(OrganizationRecord),
    accounts: new Table(AccountRecord, { email: (account) => account.email.toLowerCase() }),
    users: new Table(UserRecord, {
      organization: (user) => user.organization,
      account: (user) => user.accountId,
      organizationEmail: (user) => (user.email ? `${user.organization}|${user.email.toLowerCase()}` : null),
      // E-mails are unique across the service (domain/directory/email-owner.ts).
      email: (user) => (user.email ? user.email.toLowerCase() : null),
    }),
    medications: new Table(MedicationRecord, { organization: (medication) => medication.organization }),
    devices: new Table(DeviceRecord, {
      organization: (device) => device.organization,
      patient: (device) => device.patient,
    }),
    deviceEvents: new Table(DeviceEventRecord, { device: (event) => event.deviceId }),
    calendarEntries: new Table(CalendarEntryRecord, {
      organization: (entry) => entry.organization,
      patient: (entry) => entry.patient,
      // The bake engine reads a patient's entries day by day.
      patientDate: (entry) => `${entry.patient}|${entry.date}`,
      series: (entry) => entry.seriesId,
    }),
    apiKeys: new Table(ApiKeyRecord, { hash: (key) => key.hash, account: (key) => key.accountId }),
  };
}

export type Database = ReturnType<typeof createDatabase>;
