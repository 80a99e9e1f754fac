import { daysInRange, localDate } from '../calendars/zoned-time.js';

/**
 * Which days a plan page shows, read from its address. Accepted forms (on the app or web URL):
 *
 * - `/patients/{id}/plan?from=YYYY-MM-DD&to=YYYY-MM-DD`: those days, both included (at most 31)
 * - `/patients/{id}/plan?from=YYYY-MM-DD`: seven days from `from`
 * - `/patients/{id}/plan?to=YYYY-MM-DD`: seven days up to `to`
 * - `/patients/{id}/plan` or `/patients/{id}`: the current week, Monday to Sunday, in the
 *   patient's time zone
 *
 * A trailing slash is allowed; `lang=de|en` chooses the plan's language (`plan-language.ts`);
 * other query parameters are ignored.
 */

/** The patient pages whose PDF is the patient's medication plan. */
export const patientPagePath = /^\/patients\/([0-9a-f]{24})(?:\/plan)?\/?$/;
export const maxPlanDays = 31;
const defaultPlanDays = 7;

export type PlanRange = { from: string; to: string };
export type PlanRangeRead = { ok: true; range: PlanRange } | { ok: false; reason: string };

const dayMs = 86_400_000;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** A real calendar date in `YYYY-MM-DD` (not 2026-02-30). */
function isDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The Monday of the week that holds `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The patient id named by a page path, if it is a patient page. */
export function patientOfPage(pathname: string): string | undefined {
  return patientPagePath.exec(pathname)?.[1];
}

/** The range of a plan page from its query (`?from=…&to=…`), `now` and the patient's time zone. */
export function readPlanRange(search: URLSearchParams, now: Date, timeZone: string): PlanRangeRead {
  const from = search.get('from');
  const to = search.get('to');
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value !== null && !isDate(value)) return { ok: false, reason: `${name} in the page address must be a date YYYY-MM-DD, not ${value.slice(0, 40)}` };
  }
  let range: PlanRange;
  if (from !== null && to !== null) range = { from, to };
  else if (from !== null) range = { from, to: addDays(from, defaultPlanDays - 1) };
  else if (to !== null) range = { from: addDays(to, -(defaultPlanDays - 1)), to };
  else {
    const monday = mondayOf(localDate(now, timeZone));
    range = { from: monday, to: addDays(monday, defaultPlanDays - 1) };
  }
  if (range.from > range.to) return { ok: false, reason: `from (${range.from}) must not be after to (${range.to}) in the page address` };
  if (daysInRange(range.from, range.to) > maxPlanDays) {
    return { ok: false, reason: `a plan shows at most ${maxPlanDays} days; ${range.from} to ${range.to} is ${daysInRange(range.from, range.to)}: split it` };
  }
  return { ok: true, range };
}
