/**
 * @medsched/sdk/recurrence through its entry point: zone arithmetic on the European and American
 * daylight-saving changes of 2026 in both directions (a repeated wall time is its first
 * occurrence, a skipped one moves forward), the intakes of a series in a zone, and the entry as a
 * bundle (no client, no zod). That the expansion equals what the server bakes is checked
 * against the server, in reference-server/test/bake-expansion.test.ts.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOf, offsetAt, offsetText, RuleError, seriesIntakes, TimeZoneError, wallTimeAt, zonedInstant } from '../src/recurrence/index.js';

const at = (iso: string) => Date.parse(iso);
const placed = (date: string, time: string, zone: string) => {
  const { epochMs, offsetMs, kind } = zonedInstant(date, time, zone);
  return { at: new Date(epochMs).toISOString(), offset: offsetText(offsetMs), kind };
};

describe('zone arithmetic, Europe/Berlin', () => {
  it('29 Mar 2026, spring: 02:00–02:59 do not exist and move forward by the hour', () => {
    expect(placed('2026-03-29', '01:59', 'Europe/Berlin')).toEqual({ at: '2026-03-29T00:59:00.000Z', offset: '+01:00', kind: 'unique' });
    expect(placed('2026-03-29', '02:00', 'Europe/Berlin')).toEqual({ at: '2026-03-29T01:00:00.000Z', offset: '+01:00', kind: 'skipped' });
    // 02:30+01:00 is 03:30+02:00: the instant the clock reads 03:30.
    expect(placed('2026-03-29', '02:30', 'Europe/Berlin')).toEqual({ at: '2026-03-29T01:30:00.000Z', offset: '+01:00', kind: 'skipped' });
    expect(wallTimeAt(instantOf('2026-03-29', '02:30', 'Europe/Berlin'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '03:30' });
    expect(placed('2026-03-29', '03:00', 'Europe/Berlin')).toEqual({ at: '2026-03-29T01:00:00.000Z', offset: '+02:00', kind: 'unique' });
  });

  it('29 Mar 2026, instant to offset and wall time: the clock jumps from 01:59:59 to 03:00 at 01:00Z', () => {
    expect(offsetAt(at('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe(3_600_000);
    expect(wallTimeAt(at('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '01:59' });
    expect(offsetAt(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(7_200_000);
    expect(wallTimeAt(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '03:00' });
  });

  it('25 Oct 2026, autumn: 02:00–02:59 come twice and are their first occurrence (summer time)', () => {
    expect(placed('2026-10-25', '01:59', 'Europe/Berlin')).toEqual({ at: '2026-10-24T23:59:00.000Z', offset: '+02:00', kind: 'unique' });
    expect(placed('2026-10-25', '02:00', 'Europe/Berlin')).toEqual({ at: '2026-10-25T00:00:00.000Z', offset: '+02:00', kind: 'repeated' });
    expect(placed('2026-10-25', '02:30', 'Europe/Berlin')).toEqual({ at: '2026-10-25T00:30:00.000Z', offset: '+02:00', kind: 'repeated' });
    expect(placed('2026-10-25', '03:00', 'Europe/Berlin')).toEqual({ at: '2026-10-25T02:00:00.000Z', offset: '+01:00', kind: 'unique' });
  });

  it('25 Oct 2026, instant to offset and wall time: both 02:30s read back as 02:30, on their own offsets', () => {
    expect(wallTimeAt(at('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', time: '02:30' });
    expect(wallTimeAt(at('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual({ date: '2026-10-25', time: '02:30' });
    expect(offsetAt(at('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toBe(7_200_000);
    expect(offsetAt(at('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toBe(3_600_000);
  });
});

describe('zone arithmetic, America/New_York', () => {
  it('8 Mar 2026, spring: 02:30 does not exist and moves forward to 03:30 EDT', () => {
    expect(placed('2026-03-08', '01:59', 'America/New_York')).toEqual({ at: '2026-03-08T06:59:00.000Z', offset: '-05:00', kind: 'unique' });
    expect(placed('2026-03-08', '02:30', 'America/New_York')).toEqual({ at: '2026-03-08T07:30:00.000Z', offset: '-05:00', kind: 'skipped' });
    expect(wallTimeAt(at('2026-03-08T07:30:00Z'), 'America/New_York')).toEqual({ date: '2026-03-08', time: '03:30' });
    expect(placed('2026-03-08', '03:00', 'America/New_York')).toEqual({ at: '2026-03-08T07:00:00.000Z', offset: '-04:00', kind: 'unique' });
    expect(offsetAt(at('2026-03-08T06:59:59Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(offsetAt(at('2026-03-08T07:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
  });

  it('1 Nov 2026, autumn: 01:30 comes twice and is its first occurrence (EDT)', () => {
    expect(placed('2026-11-01', '00:59', 'America/New_York')).toEqual({ at: '2026-11-01T04:59:00.000Z', offset: '-04:00', kind: 'unique' });
    expect(placed('2026-11-01', '01:30', 'America/New_York')).toEqual({ at: '2026-11-01T05:30:00.000Z', offset: '-04:00', kind: 'repeated' });
    expect(wallTimeAt(at('2026-11-01T06:30:00Z'), 'America/New_York')).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(offsetAt(at('2026-11-01T06:30:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(placed('2026-11-01', '02:00', 'America/New_York')).toEqual({ at: '2026-11-01T07:00:00.000Z', offset: '-05:00', kind: 'unique' });
  });
});

describe('zone arithmetic, properties', () => {
  const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Santiago', 'UTC'];
  const minute = fc.integer({ min: at('2025-01-01T00:00:00Z') / 60_000, max: at('2028-01-01T00:00:00Z') / 60_000 }).map((n) => n * 60_000);

  it('an instant’s wall time places back on that instant, or on the earlier one with the same wall time', () => {
    fc.assert(
      fc.property(minute, fc.constantFrom(...zones), (instant, zone) => {
        const wall = wallTimeAt(instant, zone);
        const back = zonedInstant(wall.date, wall.time, zone);
        expect(back.kind).not.toBe('skipped');
        expect(wallTimeAt(back.epochMs, zone)).toEqual(wall);
        if (back.epochMs !== instant) {
          expect(back.kind).toBe('repeated');
          expect(back.epochMs).toBeLessThan(instant);
        }
        expect(back.offsetMs).toBe(offsetAt(back.epochMs, zone));
      }),
      { numRuns: 400 },
    );
  });

  it('a wall time names its instant with its offset: date + time − offset = instant', () => {
    fc.assert(
      fc.property(minute, fc.constantFrom(...zones), (instant, zone) => {
        const wall = wallTimeAt(instant, zone);
        const placedWall = zonedInstant(wall.date, wall.time, zone);
        expect(Date.parse(`${wall.date}T${wall.time}:00Z`) - placedWall.offsetMs).toBe(placedWall.epochMs);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an unknown zone and a malformed wall time with errors that say what is wrong', () => {
    expect(() => zonedInstant('2026-03-29', '02:30', 'Europe/Berlln')).toThrow(TimeZoneError);
    expect(() => offsetAt(0, 'Mars/Olympus')).toThrow(/"Mars\/Olympus" is not an IANA time zone/);
    expect(() => zonedInstant('29.03.2026', '02:30', 'Europe/Berlin')).toThrow(RangeError);
    expect(new TimeZoneError('X').code).toBe('unknown_time_zone');
  });
});

describe('seriesIntakes', () => {
  it('gives both intakes of a twice-daily BYHOUR series, placed in the zone across the autumn change', () => {
    const intakes = seriesIntakes({ rrule: 'FREQ=DAILY;BYHOUR=8,20;BYMINUTE=0', date: '2026-10-20', intakeTime: '08:00' }, { from: '2026-10-24', to: '2026-10-25', timeZone: 'Europe/Berlin' });
    expect(intakes).toEqual([
      { date: '2026-10-24', time: '08:00', at: '2026-10-24T06:00:00.000Z', utcOffset: '+02:00', kind: 'unique' },
      { date: '2026-10-24', time: '20:00', at: '2026-10-24T18:00:00.000Z', utcOffset: '+02:00', kind: 'unique' },
      { date: '2026-10-25', time: '08:00', at: '2026-10-25T07:00:00.000Z', utcOffset: '+01:00', kind: 'unique' },
      { date: '2026-10-25', time: '20:00', at: '2026-10-25T19:00:00.000Z', utcOffset: '+01:00', kind: 'unique' },
    ]);
  });

  it('keeps the wall time as decided and says when the clock skips or repeats it', () => {
    const series = { rrule: 'FREQ=WEEKLY;BYDAY=SU', date: '2026-03-01', intakeTime: '02:30' };
    const spring = seriesIntakes(series, { from: '2026-03-22', to: '2026-04-05', timeZone: 'Europe/Berlin' });
    expect(spring.map(({ date, time, utcOffset, kind }) => `${date} ${time}${utcOffset} ${kind}`)).toEqual([
      '2026-03-22 02:30+01:00 unique',
      '2026-03-29 02:30+01:00 skipped',
      '2026-04-05 02:30+02:00 unique',
    ]);
    expect(spring[1]?.at).toBe('2026-03-29T01:30:00.000Z');
    const autumn = seriesIntakes(series, { from: '2026-10-25', to: '2026-11-01', timeZone: 'Europe/Berlin' });
    expect(autumn.map(({ at, kind }) => `${at} ${kind}`)).toEqual(['2026-10-25T00:30:00.000Z repeated', '2026-11-01T01:30:00.000Z unique']);
  });

  it('honours COUNT and UNTIL, stops just past a limit, and refuses what the server refuses', () => {
    const daily = { date: '2026-01-01', intakeTime: '08:00' };
    const range = { from: '2026-01-01', to: '2026-12-31', timeZone: 'America/New_York' };
    expect(seriesIntakes({ ...daily, rrule: 'FREQ=DAILY;COUNT=3' }, range)).toHaveLength(3);
    expect(seriesIntakes({ ...daily, rrule: 'FREQ=DAILY;UNTIL=20260110' }, range)).toHaveLength(10);
    expect(seriesIntakes({ ...daily, rrule: 'FREQ=DAILY' }, { ...range, limit: 5 })).toHaveLength(6);
    expect(() => seriesIntakes({ ...daily, rrule: 'FREQ=MINUTELY' }, range)).toThrow(RuleError);
    expect(() => seriesIntakes({ ...daily, rrule: 'FREQ=DAILY' }, { ...range, from: '2030-01-01', to: '2030-01-01', timeZone: 'Nowhere/Else' })).toThrow(TimeZoneError);
  });
});

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

describe.skipIf(!existsSync(`${dist}recurrence.js`))('the built entry point', () => {
  it('bundles alone: no client, no zod, no ky, a few KB', async () => {
    const result = await esbuild.build({
      stdin: {
        contents:
          "import { seriesIntakes } from './recurrence.js'; console.log(seriesIntakes({ rrule: 'FREQ=DAILY', date: '2026-01-01', intakeTime: '08:00' }, { from: '2026-01-01', to: '2026-01-07', timeZone: 'UTC' }));",
        resolveDir: dist,
      },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).toContain('FREQ');
    expect(code).not.toMatch(/ZodError|prefixUrl|retryAfter/);
    expect(gzipSync(code).length).toBeLessThan(6_000);
  });
});
