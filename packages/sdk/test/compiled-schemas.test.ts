/** Schemas in use are compiled by zod (on Node), and check exactly as before. */
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { parserOf } from '../src/compiled-schemas.js';
import { CalendarEntry } from '../src/index.js';
import { calendarEntry } from './support/fixtures.js';

describe('parserOf', () => {
  it('hands back the schema itself for its first uses, then one compiled clone', () => {
    const schema = z.object({ a: z.string(), b: z.optional(z.number()) });
    const seen = Array.from({ length: 12 }, () => parserOf(schema));
    expect(seen.slice(0, 7).every((parser) => parser === schema)).toBe(true);
    expect(seen[7]).not.toBe(schema);
    expect(new Set(seen.slice(7)).size).toBe(1);
  });

  it('the compiled parser answers as the schema does: the same data, unknown fields kept, the same issues', () => {
    const compiled = Array.from({ length: 8 }, () => parserOf(CalendarEntry)).at(-1)!;
    expect(compiled).not.toBe(CalendarEntry);
    const good = { ...calendarEntry(), colour: 'blue' };
    expect(compiled.safeParse(good)).toEqual(CalendarEntry.safeParse(good));
    const bad = { ...calendarEntry(), amount: 'two', baked: 1, startTime: undefined };
    const issues = (result: ReturnType<typeof CalendarEntry.safeParse>) => result.error?.issues.map(({ code, path, message }) => ({ code, path, message }));
    expect(issues(compiled.safeParse(bad))).toEqual(issues(CalendarEntry.safeParse(bad)));
    expect(issues(compiled.safeParse(bad))?.length).toBe(3);
  });
});
