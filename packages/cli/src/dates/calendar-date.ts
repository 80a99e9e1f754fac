/**
 * Calendar dates as `YYYY-MM-DD` strings, with arithmetic done on UTC midnights so that
 * daylight-saving changes never shift a day.
 */
export type CalendarDate = string;

const dayMs = 86_400_000;

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday (ISO 8601). */
export function isoWeekday(date: CalendarDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function weekdayName(date: CalendarDate): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
}

export function isValidCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}
