import * as z from 'zod/mini';
import { text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';

/** A database object id: 24 lower-case hex characters (a MongoDB ObjectId). */
export const ObjectId = withMeta(
  z.string().check(z.regex(/^[0-9a-f]{24}$/, 'must be 24 lower-case hex characters (an object id)')),
  // The pattern fixes the length; the document says it in the words linters and generators read.
  { id: 'ObjectId', minLength: 24, maxLength: 24, description: 'Database object id: 24 lower-case hex characters.', example: '65a1f0c2e4b0a1b2c3d4e5f6' },
);
export type ObjectId = z.infer<typeof ObjectId>;

/** The identity provider's subject string, e.g. `auth0|65a1...`; not an ObjectId. */
export const AccountId = withMeta(z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')), {
  id: 'AccountId',
  description: "The identity provider's subject string (1 to 128 printable characters).",
  example: 'auth0|65a1f0c2e4b0a1b2c3d4e5f6',
});
export type AccountId = z.infer<typeof AccountId>;

/** A calendar date, `YYYY-MM-DD`. */
export const IsoDate = withMeta(z.iso.date(), { id: 'IsoDate', maxLength: 10, description: 'Calendar date, YYYY-MM-DD.', example: '2026-11-22' });
export type IsoDate = z.infer<typeof IsoDate>;

/**
 * The longest date-time: `2026-11-22T09:48:28.123456789+01:00`, nanoseconds and an offset.
 * zod takes any number of fraction digits; more than nine say nothing a clock can measure.
 */
const maxDateTimeLength = 35;

/** An ISO 8601 date-time; any offset is accepted on input, the service answers in UTC with milliseconds. */
export const IsoDateTime = withMeta(z.iso.datetime({ offset: true }).check(z.maxLength(maxDateTimeLength)), {
  id: 'IsoDateTime',
  description: 'ISO 8601 date-time (UTC with milliseconds in answers), at most 35 characters (nine fraction digits and an offset).',
  example: '2026-11-22T09:48:28.000Z',
});
export type IsoDateTime = z.infer<typeof IsoDateTime>;

/** A clock time, `HH:mm` on a 24-hour clock. */
export const ClockTime = withMeta(z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour clock time HH:mm')), {
  id: 'ClockTime',
  maxLength: 5,
  description: 'Clock time, HH:mm (24 h).',
  example: '08:00',
});
export type ClockTime = z.infer<typeof ClockTime>;

/** A bake range bound: a date, or a date-time whose date in the patient's time zone is used. */
export const DateOrDateTime = withMeta(z.union([withMeta(z.iso.date(), { maxLength: 10 }), z.iso.datetime({ offset: true }).check(z.maxLength(maxDateTimeLength))]), {
  id: 'DateOrDateTime',
  description: 'A date (YYYY-MM-DD) or an ISO 8601 date-time.',
  example: '2026-11-23',
});
export type DateOrDateTime = z.infer<typeof DateOrDateTime>;

function isIanaTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > textLimits.timeZone) return false;
  try {
    // Throws RangeError for names the runtime's tz database does not know.
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name such as `Europe/Berlin` (checked against the runtime's tz database). */
export const TimeZone = withMeta(
  z.string().check(
    z.maxLength(textLimits.timeZone),
    // The characters of tz database names (`America/Argentina/Buenos_Aires`, `Etc/GMT+5`); the runtime's database decides the rest.
    z.regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'must be an IANA time zone name such as Europe/Berlin'),
    z.refine(isIanaTimeZone, 'must be an IANA time zone name such as Europe/Berlin'),
  ),
  { id: 'TimeZone', description: 'IANA time zone name, at most 64 characters.', example: 'Europe/Berlin' },
);
export type TimeZone = z.infer<typeof TimeZone>;

/** Free-form JSON object; its keys are text of at most 200 characters (the values are bounded by the body's shape limits). */
export const FreeObject = z.record(text(textLimits.filter), z.unknown());
export type FreeObject = z.infer<typeof FreeObject>;

/**
 * A value set that may grow: the known values, or any other string. The type keeps the known
 * literals for editors (`'admin' | 'user' | (string & {})`), and a newer server's value still
 * parses, so that adding a role or a status on the server never breaks an older client. Any
 * other value is text of at most 100 characters.
 */
export function openEnum<const T extends string>(values: readonly T[]) {
  type Open = T | (string & {});
  // Another value is a label like the known ones (a device may send `battery low`), so a label's bound.
  return z.union([z.enum(values as [T, ...T[]]), text(textLimits.label)]) as unknown as z.ZodMiniType<Open, Open>;
}

/**
 * Parts of a recurrence rule, `NAME=VALUE;NAME=VALUE`, with an optional `RRULE:` prefix and a
 * FREQ part. A shape check only: the server checks each part and refuses rules it cannot expand.
 */
const rrulePattern = /^(RRULE:)?[A-Za-z]+=[^;=\s]+(;[A-Za-z]+=[^;=\s]+)*$/i;

/** An RFC 5545 recurrence rule such as `FREQ=DAILY;INTERVAL=2` (the entry's `date` is its first day). */
export const RRule = withMeta(
  z.string().check(
    z.maxLength(textLimits.rrule),
    z.regex(rrulePattern, 'must be an RFC 5545 recurrence rule such as FREQ=DAILY;INTERVAL=2'),
    z.refine((rule) => /(^|[:;])FREQ=/i.test(rule), 'must have a FREQ part, e.g. FREQ=WEEKLY;BYDAY=MO,TH'),
  ),
  {
    id: 'RRule',
    description:
      'RFC 5545 recurrence rule (RRULE value), e.g. FREQ=DAILY;INTERVAL=2; the entry date is its first day. The server accepts FREQ HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY; INTERVAL and COUNT 1-1000; UNTIL; BYHOUR, BYMINUTE, BYMONTH, BYMONTHDAY, BYDAY, BYSETPOS and WKST in range; anything else is 400 naming the part.',
    example: 'FREQ=WEEKLY;BYDAY=MO,TH',
  },
);
export type RRule = z.infer<typeof RRule>;

/**
 * An object in an answer: its type lists exactly the known fields (no index signature, so
 * `entry.titel` does not compile), while at run time fields that a newer server adds pass through
 * untouched, so that an older client neither fails nor drops them. Read them with `unknownFields()`.
 */
export function answerObject<S extends z.core.$ZodShape>(shape: S): z.ZodMiniObject<S, z.core.$strip> {
  return z.looseObject(shape);
}

/**
 * The fields of an answer that its schema does not list: those a newer server added, or the extra
 * keys stored with a calendar entry (`extra` on input). The one place such fields are read.
 * @example unknownFields(CalendarEntry, entry); // { colour: 'blue' }
 */
export function unknownFields(schema: { shape: Record<string, unknown> }, value: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (!Object.hasOwn(schema.shape, key)) out[key] = field;
  return out;
}
