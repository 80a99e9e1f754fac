import type { Device, User } from '@medsched/sdk';
import type { KnownMedication } from '../config/medication-cache.js';
import { field, type Column } from './columns.js';

/*
 * The columns of the list commands whose table a profile may narrow (`config set
 * fields.user.list …`). Here, not in the commands' folders: `config` checks a default against
 * them too, and a command never reaches into another command's folder.
 */

/** The columns of `medication list`. */
export const knownColumns: Column<KnownMedication>[] = [field('id'), field('name'), field('source')];

/** A patient with the devices assigned to it. */
export type PatientRow = User & { devices: Pick<Device, 'id' | 'name' | 'serialNumber' | 'status'>[] };

/** On a narrow terminal role (always "patient"), timezone, then the devices' ids are left out; id, name, e-mail and the devices' names stay. */
/** The columns of `patients list` (the device ones left out with --no-devices). */
export const patientColumns: Column<PatientRow>[] = [
  field('id'),
  field('name'),
  field('email'),
  field('role', 'role', 1),
  field('timezone', 'timezone', 2),
  { header: 'devices', value: (row) => row.devices.map((device) => device.name).join('; ') },
  { header: 'deviceIds', value: (row) => row.devices.map((device) => device.id).join('; '), drop: 3 },
];

/** On a narrow terminal category, then timezone, then role are left out; id, name and e-mail stay. */
/** The columns of `user list`. */
export const userColumns: Column<User>[] = [field('id'), field('name'), field('email'), field('role', 'role', 3), field('category', 'category', 1), field('timezone', 'timezone', 2)];
