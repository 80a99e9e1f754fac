import type { CalendarEntry } from '@medsched/sdk';
import type { Session } from '../../client/session.js';
import { addDays } from '../../dates/calendar-date.js';
import { dayRangeText } from '../../dates/day-range-text.js';
import { parseHumanDate } from '../../dates/human-date.js';
import { patientDateZone } from '../../dates/zone-source.js';
import { seriesOccurrences } from '../../dates/series-occurrences.js';
import { usageError } from '../../errors/cli-error.js';
import { recordWrite, setRecovery } from '../../errors/write-journal.js';
import { patientLabel, readUsers } from '../../identity/patient-name.js';
import { exactInput } from '../../input/exact-input.js';
import { decideWrites, withQuery, type WriteFlags, type WritePlan } from '../../input/write-plan.js';
import { cellText } from '../../output/cell.js';
import { plural } from '../../output/plural.js';
import { refuseBakedIntake } from './baked-intake-refusal.js';
import { bakedOccurrences } from './series-bakes.js';

/** Days searched for the first occurrence on or after the effective date (a yearly rule fits). */
const searchDays = 400;

/** A rule's parts by name, in order; the RRULE: prefix dropped. */
function ruleParts(rule: string): [string, string][] {
  return rule
    .replace(/^RRULE:/i, '')
    .split(';')
    .filter((part) => part !== '')
    .map((part) => {
      const [name = '', ...value] = part.split('=');
      return [name.toUpperCase(), value.join('=')];
    });
}

/** The rule ending on `last` (UNTIL as a date: the end of that day); an existing earlier UNTIL is kept. */
export function ruleEndingOn(rule: string, last: string): string {
  const until = last.replace(/-/g, '');
  const parts = ruleParts(rule);
  const current = parts.find(([name]) => name === 'UNTIL')?.[1];
  const kept = parts.filter(([name]) => name !== 'UNTIL');
  const end = current !== undefined && current.slice(0, 8) < until ? current : until;
  return [...kept, ['UNTIL', end]].map(([name, value]) => `${name}=${value}`).join(';');
}

/** "amount 1 → 0.5, time 08:00 → 09:00" for the question. */
function changeText(before: CalendarEntry, body: Record<string, unknown>): string {
  const record = before as unknown as Record<string, unknown>;
  const changes = Object.entries(body)
    .filter(([field, value]) => JSON.stringify(record[field] ?? null) !== JSON.stringify(value ?? null))
    .map(([field, value]) => `${field} ${cellText(record[field] ?? '(none)')} → ${cellText(value)}`);
  return changes.length > 0 ? changes.join(', ') : 'the same values (every given field already has that value)';
}

/**
 * `calendar update SERIES … --effective DATE`: the dose changes from DATE on, not back to the
 * series' first day. The series is split: the old one ends the day before (UNTIL in its rule),
 * a new one with the change starts on the first occurrence on or after DATE (so an every-other-day
 * rhythm keeps its days). Baked days from DATE on hold the old dose: without --rebake that is
 * refused (a later bake would add the new dose beside the old one); with it they are unbaked and
 * baked again. One question shows both halves and the baked days; nothing is sent before it.
 */
export async function splitSeries(session: Session, id: string, body: Record<string, unknown>, options: WriteFlags & { effective: string; rebake: boolean | undefined }): Promise<void> {
  const change = await exactInput((sdk) => sdk.CalendarEntryReplaceInput, body, 'calendar entry update');
  if (body.date !== undefined) throw usageError('--date and --effective do not go together', '--effective says from which day the change holds; the new series starts there');
  const client = await session.client();
  const before = await client.calendars.get(id);
  if (before.baked) await refuseBakedIntake(session, before, body, 'update');
  if (typeof before.rrule !== 'string')
    throw usageError(`--effective splits a series; entry ${id} is a one-off entry on ${before.date}`, `change it without --effective: medsched calendar update ${id} …`);
  if (/(^|;)COUNT=/i.test(before.rrule))
    throw usageError(
      `series ${id} counts its occurrences (${cellText(before.rrule)}): it cannot be split by date here`,
      'replace COUNT by UNTIL first (calendar update --rrule …), then use --effective',
    );

  if (!session.patientZones.has(before.userId)) await readUsers(session, before.userId);
  const { zone } = patientDateZone(session.settings, session.patientZones.get(before.userId));
  const parsed = parseHumanDate(options.effective, { timeZone: zone });
  if (parsed.kind !== 'days') throw usageError(`--effective takes a day, not a time: "${options.effective}"`, 'e.g. --effective tomorrow, --effective 2027-01-08');
  const effective = parsed.first;
  if (effective <= before.date)
    throw usageError(`--effective ${effective} is on or before the series' first day (${before.date}): the whole series changes`, `leave out --effective: medsched calendar update ${id} …`);

  // The new half starts where the old rule next occurs (or on DATE with a new rule of its own).
  const newRule = typeof change.rrule === 'string' ? change.rrule : before.rrule;
  let start = effective;
  if (typeof change.rrule !== 'string') {
    const next = seriesOccurrences(before, effective, addDays(effective, searchDays))?.map((occurrence) => occurrence.date);
    if (next === undefined)
      throw usageError(`the rule ${cellText(before.rrule)} is not one the CLI can continue from ${effective}`, 'give the new half its rule with --rrule (it then starts on --effective)');
    if (next[0] === undefined) throw usageError(`series ${id} (${cellText(before.rrule)}) has no occurrence on or after ${effective}: nothing to change`);
    start = next[0];
  }
  const oldRule = ruleEndingOn(before.rrule, addDays(effective, -1));
  // The SDK is loaded here, on use: the command tree (`--help`, `--version`) does not load it.
  const { calendarEntryInput } = await import('@medsched/sdk');
  const fresh = await exactInput((sdk) => sdk.CalendarEntryCreateInput, { ...calendarEntryInput(before), ...change, patient: before.userId, date: start, rrule: newRule }, 'new series');

  const who = await patientLabel(session, before.userId);
  const name = who.replace(/ \([0-9a-f]{24}\)$/, '');
  const occurrences = (await bakedOccurrences(session, before)).filter((entry) => entry.date >= effective);
  const from = effective;
  const to = occurrences[occurrences.length - 1]?.date;
  if (to !== undefined && !options.rebake && !options.dryRun) {
    throw usageError(
      `${plural(occurrences.length, 'day')} from ${effective} on (${dayRangeText(occurrences[0]?.date ?? from, to)}) ${occurrences.length === 1 ? 'is' : 'are'} baked with the old series: a later bake would add the new dose beside the old one`,
      `add --rebake to unbake and bake them again with the change (one question for all of it)`,
    );
  }
  const range = to === undefined ? undefined : { patient: before.userId, from, to };
  const summary = [
    `Change the series "${cellText(before.title)}" (${cellText(before.rrule)} from ${before.date}) of ${who} from ${dayRangeText(effective, effective)} on:`,
    `  until ${dayRangeText(addDays(effective, -1), addDays(effective, -1))}: unchanged; its rule ends: ${cellText(before.rrule)} → ${oldRule}`,
    `  from ${dayRangeText(start, start)}: a new series (${cellText(newRule)}) with ${changeText(before, body)}`,
  ];
  const consequences = range
    ? [
        `The ${plural(occurrences.length, 'baked day')} ${dayRangeText(range.from, range.to)} will be unbaked and baked again: the old dose goes, the new one comes (every baked entry of ${name} on those days is baked again with its series' current values); until that bake is done they are drafts that no device dispenses.`,
      ]
    : [`No day from ${effective} on is baked: bake them after the change (\`medsched bake --patient ${before.userId} --from ${effective}\`).`];
  const plan: WritePlan = {
    summary,
    consequences,
    question: `Split the series of ${name} at ${dayRangeText(effective, effective)}${range ? ` and bake ${dayRangeText(range.from, range.to)} again` : ''}?`,
    requests: [
      { method: 'PATCH', path: `/calendars/${id}`, body: { rrule: oldRule }, describe: `end series ${id} of ${who} on ${addDays(effective, -1)} (rrule ${oldRule})` },
      { method: 'POST', path: '/calendars/', body: fresh, describe: `create the new series of ${who} from ${start} (${changeText(before, body)})` },
      ...(range
        ? [
            { method: 'DELETE' as const, path: withQuery('/calendars/bake', range), describe: `unbake ${who} ${range.from} to ${range.to}` },
            { method: 'POST' as const, path: '/calendars/bake', body: range, describe: `bake ${who} ${range.from} to ${range.to} with the new series` },
          ]
        : []),
    ],
    destructive: range !== undefined,
    verb: range ? 'unbake' : 'update',
    recovery: `the series now ends on ${addDays(effective, -1)} but its new half was not created: nothing is due from ${effective}. Undo with \`medsched calendar update ${id} --rrule '${before.rrule}' --yes\`, then run this command again`,
  };
  if (!(await decideWrites(session, plan, options))) return;

  const [endOld, createNew, unbake, bake] = plan.requests.map((request) => request.describe) as [string, string, string?, string?];
  await recordWrite(endOld, () => client.calendars.update(id, { rrule: oldRule }));
  const created = await recordWrite(createNew, () => client.calendars.create(fresh));
  session.printer.success(`Series ${id} ends on ${addDays(effective, -1)}; new series ${created.id} from ${start}`);
  if (range && unbake && bake) {
    setRecovery(
      `both series are written; the baked days ${range.from} to ${range.to} still hold the old dose: run \`medsched unbake --patient ${range.patient} --from ${range.from} --to ${range.to} --yes\` then \`medsched bake --patient ${range.patient} --from ${range.from} --to ${range.to}\``,
    );
    const reverted = await recordWrite(unbake, () => client.calendars.bake.delete(range));
    setRecovery(
      `the days ${range.from} to ${range.to} of ${who} are unbaked now (drafts: no device dispenses them): run \`medsched bake --patient ${range.patient} --from ${range.from} --to ${range.to}\``,
    );
    const result = await recordWrite(bake, () => client.calendars.bake.create(range));
    setRecovery(undefined);
    session.printer.success(`Re-baked ${range.from} to ${range.to}: ${plural(reverted.length, 'entry', 'entries')} unbaked, ${plural(result.data.length, 'entry', 'entries')} baked`);
  }
  session.printer.record(created);
}
