/**
 * The demo data, written out: two organizations, each with an admin, a staff user, three
 * patients and one onlyself user, medications, devices and calendar entries. Ids, keys and
 * times are fixed so that documentation, tests and scripts can name them.
 */
import type { UserCategory, UserRole } from '@medsched/sdk/schemas';

/** A fixed object id: `64d0`, a 2-digit kind, then the running number. */
export const demoId = (kind: number, n: number): string => `64d0${kind.toString(16).padStart(2, '0')}${n.toString(16).padStart(18, '0')}`;
export const idKinds = { organization: 1, user: 2, medication: 3, device: 4, entry: 5, event: 6, key: 7 } as const;

export interface DemoUser {
  key: string;
  name: string;
  role: UserRole;
  category: UserCategory;
  timezone: string;
}

export interface DemoOrganization {
  slug: string;
  name: string;
  kind: string;
  timezone: string;
  users: DemoUser[];
  medications: string[];
}

const staffAndPatients = (names: [string, string, string, string, string, string], timezone: string): DemoUser[] => [
  { key: 'admin', name: names[0], role: 'admin', category: 'pharmacist', timezone },
  { key: 'user', name: names[1], role: 'user', category: 'nurse', timezone },
  { key: 'patient1', name: names[2], role: 'patient', category: 'patient', timezone },
  { key: 'patient2', name: names[3], role: 'patient', category: 'patient', timezone },
  { key: 'patient3', name: names[4], role: 'patient', category: 'patient', timezone },
  { key: 'onlyself', name: names[5], role: 'onlyself', category: 'patient', timezone },
];

export const demoOrganizations: DemoOrganization[] = [
  {
    slug: 'sonnen',
    name: 'Sonnen-Apotheke',
    kind: 'pharmacy',
    timezone: 'Europe/Berlin',
    users: staffAndPatients(['Anna Adler', 'Bernd Brandt', 'Clara Claus', 'Dieter Dorn', 'Erika Engel', 'Felix Frost'], 'Europe/Berlin'),
    medications: ['Ibuprofen 400 mg', 'Metformin 500 mg', 'Ramipril 5 mg', 'Vitamin D3 1000 IU'],
  },
  {
    slug: 'lindenhof',
    name: 'Haus Lindenhof',
    kind: 'care-home',
    timezone: 'America/New_York',
    users: staffAndPatients(['Grace Green', 'Henry Hall', 'Iris Irving', 'Jack Jones', 'Karen King', 'Liam Lee'], 'America/New_York'),
    medications: ['Atorvastatin 20 mg', 'Levothyroxine 50 µg', 'Amlodipine 5 mg', 'Omeprazole 20 mg'],
  },
];

/** Each demo user's e-mail and API key follow from the organization and the user's key. */
export const demoEmail = (organization: DemoOrganization, user: DemoUser) => `${user.key}@${organization.slug}.example`;
export const demoApiKey = (organization: DemoOrganization, user: DemoUser) => `msk_demo_${organization.slug}_${user.key}`;

/** Calendar entries of every patient: two one-off entries and one series. */
export const demoEntries = [
  { name: 'Morning tablet', date: '2026-01-05', intakeTime: '08:00', medicationIndex: 0, amount: 1, unit: 'tablet', instruction: 'Take with water' },
  { name: 'Evening tablet', date: '2026-01-06', timeCategory: 'evening', medicationIndex: 1, amount: 2, unit: 'tablet', instruction: 'After dinner', emptyStomach: false },
  { name: 'Daily dose', date: '2026-01-05', timeCategory: 'morning', rrule: 'FREQ=DAILY', medicationIndex: 2, amount: 1, unit: 'capsule', instruction: 'Before breakfast', emptyStomach: true },
] as const;

/** When the demo data was "created": fixed, so that default order and answers never change. */
export const demoEpoch = Date.parse('2026-01-01T08:00:00.000Z');
