import { adoptOrganizationZone } from '../../dates/home-zone.js';
import type { Command } from 'commander';
import type { CalendarEntry } from '@medsched/sdk';
import { openSession } from '../../client/session.js';
import { resolveBakeRange } from '../../dates/date-range.js';
import { dayRangeText } from '../../dates/day-range-text.js';
import { recordWrite } from '../../errors/write-journal.js';
import { homePatients } from '../../home/home-patients.js';
import { decideWrites, withQuery, type WriteFlags } from '../../input/write-plan.js';
import { longRangeConfirmation, readScales, scaleLines } from '../../input/write-scale.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { plural } from '../../output/plural.js';
import { entryColumns, entryColumnsIn } from '../../output/bake-rows.js';
import { entryColumnsFor } from '../../output/entry-columns.js';
import { organizationOf } from '../../identity/organization-default.js';
import { cliProcess } from '../../io/cli-process.js';

/** The flags of `unbake --all-patients`. */
export interface UnbakeHomeOptions extends WriteFlags {
  organization?: string;
  from?: string;
  to?: string;
  confirmLongRange?: boolean;
}

/**
 * `unbake --all-patients`: the interface unbakes one patient per request, so this reads the
 * home's patients and what each has baked in the range, asks once with the scale (patients,
 * days, intakes, who has no device), then sends one DELETE per patient that has baked days, in
 * name order, with a line of progress per patient on stderr. A Ctrl-C or a failure half-way
 * says which patients were unbaked and which not (exit 9); running it again finishes the job.
 */
export async function runUnbakeHome(options: UnbakeHomeOptions, command: Command): Promise<void> {
  const session = await openSession(command);
  await checkFieldsFirst(session, 'CalendarEntry', entryColumns);
  await adoptOrganizationZone(session, options.organization);
  const range = resolveBakeRange(options.from, options.to, session.settings.timezone);
  session.printer.note(`Dates ${range.echo}`);
  const organization = await organizationOf(session, options.organization);
  const patients = await homePatients(session, organization);
  const scales = await readScales(session, patients, range, { toBake: false });
  const baked = scales.filter((scale) => scale.baked > 0);
  if (baked.length === 0) {
    session.printer.note(`Nothing to unbake: none of the ${plural(patients.length, 'patient')} has anything baked from ${range.from} to ${range.to}.`);
    return session.printer.list(
      [],
      entryColumnsIn((patient) => session.patientZones.get(patient)),
    );
  }
  const lines = scaleLines(baked, range, { verb: 'unbake', all: options.dryRun === true });
  const untouched = scales.length - baked.length;
  const requests = baked.map((scale) => {
    const query = { patient: scale.patient.id, from: range.from, to: range.to };
    return { method: 'DELETE' as const, path: withQuery('/calendars/bake', query), describe: `unbake ${scale.patient.name} (${scale.patient.id}) ${range.from} to ${range.to}`, query };
  });
  const decided = await decideWrites(
    session,
    {
      summary: [
        `Unbake every patient of the home with baked days, ${dayRangeText(range.from, range.to)} (${range.from} to ${range.to}): baked occurrences are removed, one-off entries become drafts.`,
        ...lines.summary,
        ...(untouched > 0 ? [`  ${plural(untouched, 'other patient has', 'other patients have')} nothing baked in the range: left as ${untouched === 1 ? 'it is' : 'they are'}.`] : []),
      ],
      consequences: [`No device of these ${plural(baked.length, 'patient')} rings or dispenses these days until they are baked again.`],
      question: `Unbake ${plural(baked.length, 'patient')}, ${dayRangeText(range.from, range.to)}?`,
      requests,
      destructive: true,
      verb: 'unbake',
      typed: longRangeConfirmation(range, 'unbake', options.confirmLongRange),
      recovery: `unbaking a patient is all or nothing and may be repeated: run the same command again to unbake the patients not written yet (a patient unbaked already has nothing left to revert)`,
    },
    options,
  );
  if (!decided) return;
  const client = await session.client();
  const reverted: CalendarEntry[] = [];
  for (const [index, request] of requests.entries()) {
    const entries = await recordWrite(request.describe, () => client.calendars.bake.delete(request.query));
    for (const entry of entries) reverted.push(entry);
    cliProcess().stderr.write(`${session.errStyle.dim(`[${index + 1}/${requests.length}]`)} unbaked ${baked[index]?.patient.name}: ${plural(entries.length, 'entry', 'entries')}\n`);
  }
  session.printer.success(`Unbaked ${plural(reverted.length, 'entry', 'entries')} of ${plural(requests.length, 'patient')} from ${range.from} to ${range.to}`);
  session.printer.list(reverted, await entryColumnsFor(session, reverted));
}
