import * as z from 'zod/mini';
import { withMeta } from './meta.js';

/**
 * The longest value of each kind of text field, in UTF-16 code units (JavaScript's `length`).
 * The one place these numbers live: the schemas below carry them, so that the SDK's checks, the
 * servers' 400s, the OpenAPI document (`maxLength`) and the types' docs all say the same.
 * Real values are far shorter (the seed's longest name has 24 characters); a value over its
 * bound is refused with 400 naming the field and the bound, never cut.
 */
export const textLimits = {
  /** A person's display name, given or family name (users, accounts). */
  personName: 200,
  /** A medication, organization or calendar entry name. */
  title: 500,
  /** Text a person reads beside a dose: a calendar entry's instruction. */
  note: 5_000,
  /** A short label or code: unit, kind, sub-tray, batch number, time category, event type. */
  label: 100,
  /** A reference to a medication as a caller names it (an object id or its own code). */
  reference: 500,
  /** A device's hardware identifier or serial number. */
  hardwareId: 200,
  /** A search term or a name filter of a list. */
  filter: 200,
  /** A gender as the user gave it. */
  gender: 50,
  /** An e-mail address (RFC 5321 allows 254 characters in a path). */
  email: 254,
  /** A URL the server is asked about (`urlPath` of `GET /pdf/`) or answers (a signed link, a problem type). */
  url: 2_048,
  /** An RFC 5545 recurrence rule. */
  rrule: 1_000,
  /** An IANA time zone name (the longest in the tz database has 32 characters). */
  timeZone: 64,
  /**
   * Any other string the server answers: no stored string is longer, since the body reader
   * refuses longer ones (`jsonLimits.stringLength` of the reference server).
   */
  answered: 10_000,
} as const;

/** The longest list of each kind the server answers. */
export const itemLimits = {
  /** A page of a list: the largest `limit`. */
  page: 100_000,
  /** The entries of one bake answer: the largest `--max-bake-entries` the reference server takes. */
  bakeEntries: 1_000_000,
  /** The devices, or the alarms of one day and time, in one bake answer. */
  bakeDevices: 10_000,
  /** The alarms of one bake answer (one per device, day and time). */
  bakeAlarms: 1_000_000,
  /** The days of a bake range. */
  bakeDays: 366,
  /** The alarm times of one day: one per minute at most. */
  minutesOfDay: 1_440,
  /** The events of one device answered at once: a longer history is 400, asking for a shorter range. */
  deviceEvents: 10_000,
  /** The roles of an account. */
  roles: 16,
  /** The field errors of one problem. */
  problemErrors: 100,
} as const;

/**
 * Whole Unicode text without NUL: any character but U+0000 and no unpaired UTF-16 surrogate
 * (`"\ud800"` in JSON), which neither a UTF-8 store nor a PDF can hold as written.
 */
const wholeText = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const wholeTextMessage = 'must be text without NUL characters or unpaired surrogates';

/**
 * A text field of an input or an answer: at most `max` characters (and at least `min`), whole
 * Unicode text without NUL. The pattern and `maxLength` reach the OpenAPI document as written.
 */
export function text(max: number, min = 0) {
  return min > 0 ? z.string().check(z.minLength(min), z.maxLength(max), z.regex(wholeText, wholeTextMessage)) : z.string().check(z.maxLength(max), z.regex(wholeText, wholeTextMessage));
}

/** An integer between `min` and `max`, which fit a signed 32-bit integer: `format: int32` in the document. */
export function int32(min: number, max: number) {
  return withMeta(z.int().check(z.gte(min), z.lte(max)), { format: 'int32' });
}
