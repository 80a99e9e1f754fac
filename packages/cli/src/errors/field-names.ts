/**
 * The CLI's name for each field of the API's inputs, so that a message names what the person
 * typed (`--patient`, `<device-id>`) rather than the SDK's schema path (`body of bake.create`).
 */
const flagsByField: Record<string, string> = {
  patient: '--patient',
  organization: '--organization',
  organizationId: '<organization-id>',
  deviceId: '<device-id>',
  calendarId: '<entry-id>',
  medicationId: '<medication-id>',
  accountId: '<account-id>',
  from: '--from',
  to: '--to',
  date: '--date',
  intakeTime: '--time',
  timeCategory: '--time-category',
  rrule: '--rrule',
  amount: '--amount',
  unit: '--unit',
  name: '--name',
  instruction: '--instruction',
  medication: '--medication',
  alarmEnable: '--alarm-enable',
  kind: '--kind',
  DateStart: '--since',
  DateEnd: '--until',
  TypeFilter: '--type',
  urlPath: '<url>',
  email: '--email',
  role: '--role',
  category: '--category',
  timezone: '--timezone',
  language: '--language',
  given_name: '--given-name',
  family_name: '--family-name',
  limit: '--limit',
  page: '--page',
  offset: '--offset',
  sortBy: '--sort',
  search: '--search',
};

/** `patient` → `--patient`; a nested path (`meta.atc`) or an unknown field → `--data field meta.atc`. */
export function flagFor(path: string): string {
  const flag = flagsByField[path];
  if (flag !== undefined) return flag;
  return path === '(root)' ? 'the input' : `the --data field "${path}"`;
}

/** Accepted values, said the CLI's way, for messages whose schema text is too terse. */
export function acceptedValues(path: string, message: string): string {
  if (/24 lower-case hex/.test(message)) {
    return path === 'patient' ? 'must be a patient id (24 hex characters), an e-mail or a name' : 'must be an id of 24 lower-case hex characters';
  }
  return message;
}
