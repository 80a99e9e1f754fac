import { describe, expect, it } from 'vitest';
import { resolveBakeRange, resolveInstant } from '../src/dates/date-range.js';
import { parseHumanDate } from '../src/dates/human-date.js';
import { startOfDay, utcOffsetAt } from '../src/dates/time-zone.js';
import { timestampIn } from '../src/dates/zoned-timestamp.js';

// A Sunday evening in UTC that is already Monday in Tokyo: "today" depends on the zone.
const now = new Date('2026-11-22T20:30:00.000Z');

describe('human dates', () => {
  it('reads words, offsets and ISO values in the given zone', () => {
    expect(parseHumanDate('today', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-11-22', last: '2026-11-22' });
    expect(parseHumanDate('today', { timeZone: 'Asia/Tokyo', now })).toMatchObject({ first: '2026-11-23' });
    expect(parseHumanDate('tomorrow', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-11-23' });
    expect(parseHumanDate('yesterday', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-11-21' });
    expect(parseHumanDate('+7d', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-11-29' });
    expect(parseHumanDate('-3d', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-11-19' });
    expect(parseHumanDate('next-week', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-11-23', last: '2026-11-29' });
    expect(parseHumanDate('next-week', { timeZone: 'Asia/Tokyo', now })).toMatchObject({ first: '2026-11-30', last: '2026-12-06' });
    expect(parseHumanDate('this-week', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-11-16', last: '2026-11-22' });
    expect(parseHumanDate('-2h', { timeZone: 'UTC', now })).toEqual({ kind: 'instant', at: new Date('2026-11-22T18:30:00.000Z'), input: '-2h' });
    expect(parseHumanDate('2026-02-28', { timeZone: 'UTC', now })).toMatchObject({ first: '2026-02-28' });
    expect(parseHumanDate('2026-02-28T10:00:00+01:00', { timeZone: 'UTC', now })).toMatchObject({ kind: 'instant', at: new Date('2026-02-28T09:00:00.000Z') });
  });

  it('rejects what it cannot read, including impossible calendar dates', () => {
    expect(() => parseHumanDate('someday', { timeZone: 'UTC', now })).toThrow(/cannot read the date/);
    expect(() => parseHumanDate('2026-02-30', { timeZone: 'UTC', now })).toThrow(/cannot read the date/);
  });

  it('finds local midnight across daylight-saving changes', () => {
    expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfDay('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });
});

describe('ranges', () => {
  it('--from alone covers its whole span, and the range is echoed', () => {
    const range = resolveBakeRange('next-week', undefined, 'Europe/Berlin', now);
    expect(range).toMatchObject({ from: '2026-11-23', to: '2026-11-29' });
    expect(range.echo).toBe('from next-week = 2026-11-23 (Mon) to next-week = 2026-11-29 (Sun), Europe/Berlin');
  });

  it('a reversed range is a usage error', () => {
    expect(() => resolveBakeRange('+3d', 'today', 'UTC', now)).toThrow(/before it starts/);
  });

  it('--until of a day is exclusive at the end of that day in the zone', () => {
    expect(resolveInstant('today', 'until', 'Europe/Berlin', now).iso).toBe('2026-11-22T23:00:00.000Z');
    expect(resolveInstant('today', 'since', 'Europe/Berlin', now).iso).toBe('2026-11-21T23:00:00.000Z');
  });
});

describe('zoned wall-clock parts (one function for timestamps and offsets)', () => {
  it('shows a UTC timestamp as the wall-clock time of a zone with its offset, summer and winter, east and west', () => {
    expect(timestampIn('2026-01-05T07:00:05.123Z', 'Europe/Berlin')).toBe('2026-01-05T08:00:05+01:00');
    expect(timestampIn('2026-07-06T06:00:00Z', 'Europe/Berlin')).toBe('2026-07-06T08:00:00+02:00');
    expect(timestampIn('2026-01-05T03:30:00Z', 'America/New_York')).toBe('2026-01-04T22:30:00-05:00');
    expect(timestampIn('2026-01-05T23:59:59Z', 'Asia/Kolkata')).toBe('2026-01-06T05:29:59+05:30');
    expect(timestampIn('2026-01-05T00:00:00Z', 'UTC')).toBe('2026-01-05T00:00:00+00:00');
    expect(timestampIn('2026-01-05', 'Europe/Berlin')).toBe('2026-01-05');
    expect(timestampIn(42, 'Europe/Berlin')).toBe(42);
    // The same offsets as a spreadsheet's column beside a wall-clock time.
    expect(utcOffsetAt('2026-01-05', '08:00', 'Europe/Berlin')).toBe('+01:00');
    expect(utcOffsetAt('2026-07-06', '08:00', 'Europe/Berlin')).toBe('+02:00');
    // The hour that comes twice is its first occurrence; the skipped one reads on the offset before the gap.
    expect(utcOffsetAt('2026-10-25', '02:30', 'Europe/Berlin')).toBe('+02:00');
    expect(utcOffsetAt('2026-03-29', '02:30', 'Europe/Berlin')).toBe('+01:00');
    expect(utcOffsetAt('2026-03-29', 'noon', 'Europe/Berlin')).toBe('');
  });
});
