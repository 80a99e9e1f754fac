import type { CalendarEntry } from '@medsched/sdk';
import type { Session } from '../../client/session.js';
import { CliError } from '../../errors/cli-error.js';
import { ExitCode } from '../../errors/exit-codes.js';
import { patientLabel } from '../../identity/patient-name.js';
import { cellText } from '../../output/cell.js';

/** The flag that sets each field, to write the command a person runs instead. */
const flagOf: Record<string, string> = {
  name: '--name',
  date: '--date',
  intakeTime: '--time',
  timeCategory: '--time-category',
  rrule: '--rrule',
  medication: '--medication',
  amount: '--amount',
  unit: '--unit',
  instruction: '--instruction',
};

const quoted = (value: string) => (/^[\w.:,/@+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`);

/** The change as command-line flags, e.g. `--amount 0.5 --time 09:00` (other fields in --data). */
export function changeFlags(body: Record<string, unknown>): string {
  const words: string[] = [];
  const data: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) {
    const flag = flagOf[field];
    if (flag !== undefined && (typeof value === 'string' || typeof value === 'number')) words.push(flag, quoted(String(value)));
    else if (field !== 'patient') data[field] = value;
  }
  if (Object.keys(data).length > 0) words.push('--data', quoted(JSON.stringify(data)));
  return words.join(' ');
}

/**
 * A baked intake is final (the server answers 409): refused here, before any question, naming
 * the series it belongs to and the command that changes the dose from that day on; for a baked
 * one-off, the unbake, change and bake to run. Nothing is asked and nothing is sent.
 */
export async function refuseBakedIntake(session: Session, entry: CalendarEntry, body: Record<string, unknown>, verb: 'update' | 'replace'): Promise<never> {
  const who = await patientLabel(session, entry.userId);
  const flags = changeFlags(body);
  if (entry.seriesId) {
    let series = `series ${entry.seriesId}`;
    try {
      const found = await (await session.client()).calendars.get(entry.seriesId);
      series = `series ${entry.seriesId} ("${cellText(found.title)}", ${cellText(found.rrule)} from ${found.date})`;
    } catch {
      series = `series ${entry.seriesId} (no longer readable)`;
    }
    throw new CliError(
      `entry ${entry.id} is a baked intake of ${who} on ${entry.date} ${entry.startTime}: it is final, so it cannot be changed; it belongs to ${series}.`,
      ExitCode.conflict,
      `to change the dose from ${entry.date} on, change the series and bake those days again: medsched calendar update ${entry.seriesId} ${flags} --effective ${entry.date} --rebake`,
    );
  }
  throw new CliError(
    `entry ${entry.id} ("${cellText(entry.title)}") of ${who} on ${entry.date} is baked: it is final, so it cannot be ${verb === 'update' ? 'changed' : 'replaced'}.`,
    ExitCode.conflict,
    `unbake its day, change it, bake it again: medsched unbake --patient ${entry.userId} --from ${entry.date} --yes && medsched calendar ${verb} ${entry.id} ${flags} --yes && medsched bake --patient ${entry.userId} --from ${entry.date}`,
  );
}
