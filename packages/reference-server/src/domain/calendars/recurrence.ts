import * as rruleModule from 'rrule';
import { minutesOfDay } from './zoned-time.js';

// rrule ships CommonJS for Node and ESM for bundlers: in Node ESM its classes sit on the
// default export, in bundles they are named exports.
const { RRule } = ((rruleModule as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;

/** The most occurrences one series may produce in one bake; more means a rule that is surely a mistake. */
export const maxOccurrencesPerBake = 5_000;

/** One occurrence of a series: a local date and a local clock time. */
export interface Occurrence {
  date: string;
  time: string;
}

export type RecurrenceCheck = { ok: true } | { ok: false; message: string };

/** Reads an RFC 5545 rule such as `FREQ=DAILY;INTERVAL=2` (an `RRULE:` prefix is allowed). */
function parseRule(rule: string): ReturnType<typeof RRule.parseString> {
  const text = rule.trim().replace(/^RRULE:/i, '');
  if (!/^[A-Z]+=/i.test(text) || /\n|DTSTART/i.test(text)) throw new Error('expected rule parts such as FREQ=DAILY;INTERVAL=2');
  const options = RRule.parseString(text);
  if (options.freq === undefined) throw new Error('the rule needs a FREQ part');
  return options;
}

/** Whether a string is a rule we can expand; used to reject bad rules when an entry is written. */
export function checkRecurrence(rule: string): RecurrenceCheck {
  try {
    parseRule(rule);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: `rrule is not a valid RFC 5545 rule: ${(error as Error).message}` };
  }
}

/**
 * The occurrences of a series within `from`..`to` (local dates, inclusive). The series starts
 * on `firstDate` at `startTime`. Times are expanded as floating wall-clock times, so a daily
 * 08:00 stays at 08:00 local time across a daylight-saving change, as a patient expects.
 */
export function expandRecurrence(rule: string, firstDate: string, startTime: string, from: string, to: string): Occurrence[] {
  const options = parseRule(rule);
  const startMinutes = minutesOfDay(startTime);
  const dtstart = new Date(Date.parse(`${firstDate}T00:00:00Z`) + startMinutes * 60_000);
  const recurrence = new RRule({ ...options, dtstart, tzid: null });
  // The iterator stops the expansion one past the cap, so a runaway rule costs little.
  const dates = recurrence.between(
    new Date(`${from}T00:00:00.000Z`),
    new Date(`${to}T23:59:59.999Z`),
    true,
    (_, count) => count <= maxOccurrencesPerBake,
  );
  if (dates.length > maxOccurrencesPerBake) {
    throw new RangeError(`the rule "${rule}" produces more than ${maxOccurrencesPerBake} occurrences in the range`);
  }
  const occurrences = dates.map((date) => {
    const iso = date.toISOString();
    return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
  });
  return occurrences;
}
