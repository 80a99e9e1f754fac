import { describe, expect, it } from 'vitest';
import { checkRecurrence, expandRecurrence, maxOccurrencesPerBake } from '../src/domain/calendars/recurrence.js';

describe('expandRecurrence', () => {
  it('expands an interval rule from its first day, only inside the range', () => {
    expect(expandRecurrence('FREQ=DAILY;INTERVAL=2', '2026-10-20', '08:00', '2026-10-22', '2026-10-28')).toEqual([
      { date: '2026-10-22', time: '08:00' },
      { date: '2026-10-24', time: '08:00' },
      { date: '2026-10-26', time: '08:00' },
      { date: '2026-10-28', time: '08:00' },
    ]);
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // Europe/Berlin leaves summer time on 2026-10-25; the series stays at 08:00 local time.
    const occurrences = expandRecurrence('FREQ=DAILY', '2026-10-20', '08:00', '2026-10-24', '2026-10-26');
    expect(occurrences.map((o) => o.time)).toEqual(['08:00', '08:00', '08:00']);
    expect(occurrences.map((o) => o.date)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('reads weekly rules with BYDAY and an RRULE: prefix', () => {
    const occurrences = expandRecurrence('RRULE:FREQ=WEEKLY;BYDAY=MO,TH', '2026-11-01', '18:30', '2026-11-01', '2026-11-12');
    expect(occurrences).toEqual([
      { date: '2026-11-02', time: '18:30' },
      { date: '2026-11-05', time: '18:30' },
      { date: '2026-11-09', time: '18:30' },
      { date: '2026-11-12', time: '18:30' },
    ]);
  });

  it('honours COUNT and UNTIL', () => {
    expect(expandRecurrence('FREQ=DAILY;COUNT=3', '2026-11-01', '08:00', '2026-11-01', '2026-11-30')).toHaveLength(3);
    expect(expandRecurrence('FREQ=DAILY;UNTIL=20261105T235959Z', '2026-11-01', '08:00', '2026-11-01', '2026-11-30')).toHaveLength(5);
  });

  it('takes times from BYHOUR and BYMINUTE when the rule sets them', () => {
    expect(expandRecurrence('FREQ=DAILY;BYHOUR=8,20;BYMINUTE=0', '2026-11-01', '08:00', '2026-11-02', '2026-11-02')).toEqual([
      { date: '2026-11-02', time: '08:00' },
      { date: '2026-11-02', time: '20:00' },
    ]);
  });

  it('refuses a rule that would flood the range', () => {
    expect(() => expandRecurrence('FREQ=MINUTELY', '2026-01-01', '00:00', '2026-01-01', '2026-12-31')).toThrow(
      String(maxOccurrencesPerBake),
    );
  });
});

describe('checkRecurrence', () => {
  it('accepts RFC 5545 rules and rejects anything else with a reason', () => {
    expect(checkRecurrence('FREQ=DAILY;INTERVAL=2')).toEqual({ ok: true });
    for (const bad of ['nonsense', 'INTERVAL=2', 'FREQ=SOMETIMES', 'DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY', '']) {
      const check = checkRecurrence(bad);
      expect(check.ok, bad).toBe(false);
      if (!check.ok) expect(check.message).toMatch(/rrule/);
    }
  });
});
