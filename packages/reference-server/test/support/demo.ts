import { demoCredentials, demoId } from '../../src/seed/index.js';

/** Named handles on the deterministic demo data (see src/seed/demo-data.ts). */
export const credentials = demoCredentials();
const credential = (email: string) => credentials.find((c) => c.email === email)!;

export const org1 = {
  id: demoId(1, 1),
  admin: credential('admin@sonnen.example'),
  user: credential('user@sonnen.example'),
  patient: credential('patient1@sonnen.example'),
  patient2: credential('patient2@sonnen.example'),
  onlyself: credential('onlyself@sonnen.example'),
  /** Entries 1–3 belong to patient1, 4–6 to patient2, 7–9 to patient3, 10–12 to onlyself. */
  entryOf: { patient: demoId(5, 1), patient2: demoId(5, 4), onlyself: demoId(5, 10) },
  /** Device 1–3 belong to the patients, 4 to onlyself, 5–6 are spare. */
  deviceOf: { patient: demoId(4, 1), patient2: demoId(4, 2), onlyself: demoId(4, 4) },
  spareDevice: demoId(4, 5),
  medication: demoId(3, 1),
};

export const org2 = {
  id: demoId(1, 2),
  admin: credential('admin@lindenhof.example'),
  patient: credential('patient1@lindenhof.example'),
  entry: demoId(5, 13),
  device: demoId(4, 7),
  medication: demoId(3, 5),
  name: 'Haus Lindenhof',
};

export const roles = ['admin', 'user', 'patient', 'onlyself'] as const;
export type DemoRole = (typeof roles)[number];
export const org1Caller = (role: DemoRole) => org1[role];

/** A well-formed id that exists nowhere. */
export const unknownId = 'ffffffffffffffffffffffff';
