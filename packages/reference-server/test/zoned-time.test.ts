import { describe, expect, it } from 'vitest';
import { clockTime, daysInRange, eachDate, localDate, minutesOfDay, toLocalDate } from '../src/domain/calendars/zoned-time.js';

describe('zoned time', () => {
  it('gives the local date of an instant in the patient’s zone', () => {
    expect(localDate(new Date('2026-11-22T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-23');
    expect(localDate(new Date('2026-11-22T03:30:00Z'), 'America/New_York')).toBe('2026-11-21');
    expect(toLocalDate('2026-11-22', 'Asia/Tokyo')).toBe('2026-11-22');
    expect(toLocalDate('2026-11-22T16:00:00+01:00', 'Asia/Tokyo')).toBe('2026-11-23');
  });

  it('walks inclusive date ranges across month, year and DST boundaries', () => {
    expect(eachDate('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(eachDate('2026-03-28', '2026-03-30')).toHaveLength(3);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysInRange('2026-11-22', '2026-11-22')).toBe(1);
  });

  it('converts clock times to minutes and back', () => {
    expect(minutesOfDay('08:30')).toBe(510);
    expect(clockTime(510 + 30)).toBe('09:00');
    expect(clockTime(23 * 60 + 45 + 30)).toBe('00:15');
  });
});
