import type { BakeTarget } from '@medsched/sdk';
import type { Session } from '../../client/session.js';
import { homePatients, type HomePatient } from '../../home/home-patients.js';
import { patientName } from '../../identity/patient-name.js';
import type { TypedConfirmation } from '../../input/write-plan.js';
import { longRangeConfirmation, longRangeDays, rangeDays, readScales, scaleLines } from '../../input/write-scale.js';
import { organizationOf } from '../../identity/organization-default.js';

/** What the question of a bake adds when it is home-wide or long: the scale, and a typed confirmation past 28 days. */
export interface BakeScale {
  summary: string[];
  consequences: string[];
  typed: TypedConfirmation | undefined;
}

/**
 * The scale of a bake, read before the question: for a home-wide bake or one longer than
 * `longRangeDays`, how many patients, days and intakes, one line per patient, and who has no
 * device. A short bake of one patient asks as before (nothing more to read).
 */
export async function bakeScale(session: Session, body: BakeTarget & { from: string; to: string }, flags: { confirmLongRange?: boolean; dryRun?: boolean }): Promise<BakeScale> {
  const home = body.updateAllPatients === true;
  if (!home && rangeDays(body.from, body.to) <= longRangeDays) return { summary: [], consequences: [], typed: undefined };
  let patients: HomePatient[];
  const organization = home ? (body.organization ?? (await organizationOf(session, undefined))) : undefined;
  if (organization !== undefined) patients = await homePatients(session, organization);
  else {
    const id = body.patient as string;
    patients = [{ id, name: (await patientName(session, id)) ?? id, timezone: session.patientZones.get(id) }];
  }
  const scales = await readScales(session, patients, body, { toBake: true, ...(organization !== undefined && { organization }) });
  return { ...scaleLines(scales, body, { verb: 'bake', all: flags.dryRun === true }), typed: longRangeConfirmation(body, 'bake', flags.confirmLongRange) };
}
