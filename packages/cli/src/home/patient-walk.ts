import type { User } from '@medsched/sdk';
import type { Session } from '../client/session.js';
import { endInterrupted } from '../errors/interrupt-report.js';
import { plural } from '../output/plural.js';
import { startWalkProgress } from './walk-progress.js';
import { cliProcess } from '../io/cli-process.js';

/** Requests in flight at once: quick for a home, few enough to stay under a rate limit. */
const parallelReads = 4;

/** What a walk is for, in the words its progress and its Ctrl-C report use. */
export interface WalkText {
  /** "Reading the baked schedule of 9 patients of Sonnen-Apotheke (64d0…)". */
  label: string;
  /** "Read 9 patients" at the end. */
  done: (count: number) => string;
  /** What was done per patient, for the Ctrl-C report: "Read" (3 of 9 patients), "Fetched the plans of". */
  doneVerb: string;
  /** What Ctrl-C leaves behind besides the patients read, e.g. "nothing was printed; plan.pdf was not written". */
  leftBehind: string;
}

/**
 * Reads something per patient, a few at a time, with counted progress on stderr; answers in
 * the patients' order (name order), whatever order the answers came in. Ctrl-C during the walk
 * says which patients were read and what was left behind, then exits as the CLI does after a
 * Ctrl-C (130 when nothing was written, 9 when something was), like the home-wide bake.
 */
export async function walkPatients<T>(session: Session, patients: readonly User[], text: WalkText, read: (patient: User) => Promise<T>): Promise<T[]> {
  const progress = startWalkProgress(text.label, patients.length, { tty: session.terminal.stderrIsTTY, style: session.errStyle });
  const results: (T | undefined)[] = patients.map(() => undefined);
  const finished: boolean[] = patients.map(() => false);
  const onInterrupt = () => {
    progress.stop();
    const read = patients.filter((_patient, index) => finished[index]).map((patient) => patient.name);
    endInterrupted({
      message: `${text.doneVerb} ${read.length} of ${plural(patients.length, 'patient')} before it stopped${read.length > 0 ? `: ${read.join(', ')}` : ''}.`,
      lines: [`Nothing was written to the server; ${text.leftBehind}. Run the command again for the whole home.`],
    });
  };
  cliProcess().on('SIGINT', onInterrupt);
  let next = 0;
  const worker = async () => {
    while (next < patients.length) {
      const index = next++;
      results[index] = await read(patients[index] as User);
      finished[index] = true;
      progress.step();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(parallelReads, patients.length) }, worker));
  } catch (error) {
    progress.stop();
    throw error;
  } finally {
    cliProcess().off('SIGINT', onInterrupt);
  }
  progress.done(text.done(patients.length));
  return results as T[];
}
