/** "Mon 5 Jan 2026", for a calendar date YYYY-MM-DD (read as a date, in no zone). */
function dayText(date: string, withYear: boolean): string {
  const value = new Date(`${date}T12:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', ...(withYear && { year: 'numeric' }) }).format(value);
  return parts.replace(',', '');
}

/** A range of calendar dates as a person reads it: "Mon 5 Jan – Wed 7 Jan 2026", or one day. */
export function dayRangeText(from: string, to: string): string {
  if (from === to) return dayText(from, true);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${dayText(from, !sameYear)} – ${dayText(to, true)}`;
}
