/**
 * RFC 5545 recurrence rules as medication schedules use them, read strictly: every part is
 * checked against its range and a bad part is named, so that nothing the bake cannot expand is
 * ever stored. The supported subset (documented in docs/api-reference.md):
 *
 * - FREQ: HOURLY ("every 8 hours"), DAILY, WEEKLY, MONTHLY, YEARLY. MINUTELY and SECONDLY are
 *   refused: no medication is taken every few minutes, and they are what floods a bake.
 * - INTERVAL 1..1000, COUNT 1..1000, UNTIL (a date or a date-time; never together with COUNT).
 * - BYHOUR 0..23, BYMINUTE 0..59, BYMONTH 1..12, BYMONTHDAY ±1..31, BYSETPOS ±1..366,
 *   BYDAY (MO..SU, with an ordinal ±1..5 in MONTHLY, ±1..53 in YEARLY), WKST.
 * - BYSECOND, BYWEEKNO and BYYEARDAY are refused (no schedule needs them).
 */

/** A weekday as 0 = Monday … 6 = Sunday, as RFC 5545 orders them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export const frequencies = ['HOURLY', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof frequencies)[number];

/** A BYDAY item: a weekday, with `nth` (e.g. -1 = last) when it has an ordinal. */
export interface ByDay {
  weekday: Weekday;
  nth: number | undefined;
}

/** A parsed, checked rule. Absent BY parts are `undefined`; `until` is a floating local time in ms. */
export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  count: number | undefined;
  until: number | undefined;
  byHour: number[] | undefined;
  byMinute: number[] | undefined;
  byMonth: number[] | undefined;
  byMonthDay: number[] | undefined;
  byDay: ByDay[] | undefined;
  bySetPos: number[] | undefined;
  weekStart: Weekday;
}

/** The largest INTERVAL and COUNT: a medication schedule never comes near them. */
export const maxInterval = 1000;
export const maxCount = 1000;

const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

/** A rule part that is wrong, with what the client must change. */
export class RuleError extends Error {
  /** Always `invalid_rrule`, for code that sorts errors by code. */
  readonly code = 'invalid_rrule';
  override readonly name = 'RuleError';
  constructor(
    /** The rule part at fault, e.g. `BYHOUR`. */
    readonly part: string,
    message: string,
  ) {
    super(`${part}: ${message}`);
  }
}

/** Parts named in client input: a Map, so that no part name reaches a prototype. */
const unsupported: ReadonlyMap<string, string> = new Map([
  ['BYSECOND', 'is not supported; medication times have minute precision'],
  ['BYWEEKNO', 'is not supported; use BYMONTH/BYMONTHDAY/BYDAY'],
  ['BYYEARDAY', 'is not supported; use BYMONTH and BYMONTHDAY'],
  ['DTSTART', 'is not part of a rule; the entry date and intake time start the series'],
]);

function integers(part: string, value: string, min: number, max: number, allowNegative: boolean): number[] {
  const items = value.split(',');
  return items.map((item) => {
    if (!/^[+-]?\d{1,4}$/.test(item)) throw new RuleError(part, `"${item}" is not an integer`);
    const number = Number(item);
    const size = Math.abs(number);
    if (size < min || size > max || (number < 0 && !allowNegative)) {
      throw new RuleError(part, `${item} is out of range (${allowNegative ? `±${min}..${max}` : `${min}..${max}`})`);
    }
    return number;
  });
}

function positive(part: string, value: string, max: number): number {
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new RuleError(part, `must be a whole number from 1 to ${max}, not "${value}"`);
  }
  return Number(value);
}

function weekday(part: string, code: string): Weekday {
  const index = weekdayCodes.indexOf(code as (typeof weekdayCodes)[number]);
  if (index === -1) throw new RuleError(part, `"${code}" is not a weekday (MO, TU, WE, TH, FR, SA, SU)`);
  return index as Weekday;
}

function byDay(value: string, freq: Frequency): ByDay[] {
  return value.split(',').map((item) => {
    const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
    if (!match) throw new RuleError('BYDAY', `"${item}" is not a weekday with an optional ordinal such as MO or -1FR`);
    const day = weekday('BYDAY', match[2]!);
    if (match[1] === undefined) return { weekday: day, nth: undefined };
    const nth = Number(match[1]);
    const limit = freq === 'MONTHLY' ? 5 : freq === 'YEARLY' ? 53 : 0;
    if (limit === 0) throw new RuleError('BYDAY', `an ordinal such as ${item} needs FREQ=MONTHLY or FREQ=YEARLY`);
    if (nth === 0 || Math.abs(nth) > limit) throw new RuleError('BYDAY', `the ordinal in ${item} must be ±1..${limit}`);
    return { weekday: day, nth };
  });
}

/** UNTIL as a floating local time: `YYYYMMDD` (end of that day) or `YYYYMMDDTHHMMSS[Z]`. */
function until(value: string): number {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!match) throw new RuleError('UNTIL', `"${value}" is not a date (20261231) or date-time (20261231T235959Z)`);
  const [year, month, day, hour = '23', minute = '59', second = '59'] = match.slice(1).map((part) => part ?? undefined);
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(time);
  if (check.getUTCFullYear() !== Number(year) || check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
    throw new RuleError('UNTIL', `"${value}" is not a real date and time`);
  }
  return time;
}

/**
 * Parses and checks a rule such as `FREQ=DAILY;INTERVAL=2` (an `RRULE:` prefix is allowed).
 * Throws a {@link RuleError} naming the first part at fault.
 */
export function parseRecurrenceRule(text: string): RecurrenceRule {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (body === '') throw new RuleError('FREQ', 'the rule is empty; start with FREQ=DAILY or another frequency');
  const parts = new Map<string, string>();
  for (const piece of body.split(';')) {
    const match = /^([A-Za-z-]+)=(.+)$/.exec(piece);
    if (!match) throw new RuleError(piece || '(empty part)', 'every part must be NAME=VALUE, separated by ";"');
    const name = match[1]!.toUpperCase();
    if (parts.has(name)) throw new RuleError(name, 'appears twice');
    parts.set(name, match[2]!.toUpperCase());
  }
  for (const name of parts.keys()) {
    const reason = unsupported.get(name);
    if (reason !== undefined) throw new RuleError(name, reason);
    if (!['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYHOUR', 'BYMINUTE', 'BYMONTH', 'BYMONTHDAY', 'BYDAY', 'BYSETPOS', 'WKST'].includes(name)) {
      throw new RuleError(name, 'is not an RFC 5545 rule part this server supports');
    }
  }
  const freqText = parts.get('FREQ');
  if (freqText === undefined) throw new RuleError('FREQ', 'is missing; every rule needs one, e.g. FREQ=DAILY');
  if (!frequencies.includes(freqText as Frequency)) {
    throw new RuleError('FREQ', `${freqText} is not supported; use one of ${frequencies.join(', ')}`);
  }
  const freq = freqText as Frequency;
  if (parts.has('COUNT') && parts.has('UNTIL')) throw new RuleError('COUNT', 'COUNT and UNTIL must not be used together (RFC 5545)');
  const get = <T>(name: string, read: (value: string) => T): T | undefined => {
    const value = parts.get(name);
    return value === undefined ? undefined : read(value);
  };
  const rule: RecurrenceRule = {
    freq,
    interval: get('INTERVAL', (value) => positive('INTERVAL', value, maxInterval)) ?? 1,
    count: get('COUNT', (value) => positive('COUNT', value, maxCount)),
    until: get('UNTIL', until),
    byHour: get('BYHOUR', (value) => integers('BYHOUR', value, 0, 23, false)),
    byMinute: get('BYMINUTE', (value) => integers('BYMINUTE', value, 0, 59, false)),
    byMonth: get('BYMONTH', (value) => integers('BYMONTH', value, 1, 12, false)),
    byMonthDay: get('BYMONTHDAY', (value) => integers('BYMONTHDAY', value, 1, 31, true)),
    byDay: get('BYDAY', (value) => byDay(value, freq)),
    bySetPos: get('BYSETPOS', (value) => integers('BYSETPOS', value, 1, 366, true)),
    weekStart: get('WKST', (value) => weekday('WKST', value)) ?? 0,
  };
  if (rule.bySetPos && !rule.byHour && !rule.byMinute && !rule.byMonth && !rule.byMonthDay && !rule.byDay) {
    throw new RuleError('BYSETPOS', 'needs another BY part to select from (RFC 5545)');
  }
  if (rule.byMonthDay && rule.byMonth && !canHaveMonthDay(rule.byMonth, rule.byMonthDay)) {
    throw new RuleError('BYMONTHDAY', `no month in BYMONTH=${rule.byMonth.join(',')} has day ${rule.byMonthDay.join(',')}; the rule would never occur`);
  }
  return rule;
}

const longestMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether some listed month has one of the listed days (the 30th of February never comes). */
function canHaveMonthDay(months: number[], days: number[]): boolean {
  return months.some((month) => days.some((day) => Math.abs(day) <= longestMonth[month - 1]!));
}
