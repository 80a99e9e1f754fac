import { invocationLocal } from '../io/cli-process.js';

/**
 * What this run has written to the server, so that a failure, a Ctrl-C or the --timeout
 * deadline after the first write can say exactly what was written and what was not.
 * One journal per invocation (the bin's process, or one in-process run), like the credential context.
 */
export interface WriteJournalState {
  /** Writes the server confirmed. */
  done: string[];
  /** A write sent whose answer has not come: its outcome is unknown. */
  inFlight: string | undefined;
  /** Writes sent whose answer never came (connection lost, timeout): they may or may not have been made. */
  unknown: string[];
  /** Writes planned after the current one, not sent yet (or refused by the server). */
  pending: string[];
  /** What to do about the state left behind, if anything (e.g. "run `medsched bake …`"). */
  recovery: string | undefined;
}

const journal = invocationLocal<WriteJournalState>(() => ({ done: [], inFlight: undefined, unknown: [], pending: [], recovery: undefined }));

/** Declares the writes a command is about to send, in order (after the person decided). */
export function planWrites(descriptions: string[], recovery?: string): void {
  const state = journal();
  state.pending = [...descriptions];
  state.recovery = recovery;
}

/** Changes the advice given if the run stops from here on (e.g. once a range is unbaked). */
export function setRecovery(recovery: string | undefined): void {
  const state = journal();
  state.recovery = recovery;
}

/**
 * Sends one planned write through `send` and records its outcome. The description is taken
 * from the head of the pending list when it matches, so a report lists it only once.
 */
export async function recordWrite<T>(description: string, send: () => Promise<T>): Promise<T> {
  const state = journal();
  const index = state.pending.indexOf(description);
  if (index >= 0) state.pending.splice(index, 1);
  state.inFlight = description;
  try {
    const result = await send();
    state.done.push(description);
    return result;
  } catch (error) {
    const failure = error as { status?: unknown; code?: unknown };
    // The server answered outside the contract after a success: it was written.
    if (failure.code === 'response_validation_failed') state.done.push(description);
    // Refused by the server (an error answer came) or checked before sending: not written.
    else if (typeof failure.status === 'number' || failure.code === 'validation_failed') state.pending.unshift(description);
    // Sent, and no answer (connection lost, timeout): nobody knows.
    else state.unknown.push(description);
    throw error;
  } finally {
    state.inFlight = undefined;
  }
}

/** The journal as it stands. */
export function writeJournal(): Readonly<WriteJournalState> {
  const state = journal();
  return state;
}

/** True once anything may have been written: a failure now leaves a partial state to report. */
export function somethingWritten(): boolean {
  const state = journal();
  return state.done.length > 0 || state.inFlight !== undefined || state.unknown.length > 0;
}

/** The lines that say what was written and what was not. */
export function describeJournal(): string[] {
  const state = journal();
  const lines: string[] = [];
  for (const item of state.done) lines.push(`  written:     ${item}`);
  for (const item of state.unknown) lines.push(`  unknown:     ${item} (sent; its answer never came: it may or may not have been written)`);
  if (state.inFlight !== undefined) lines.push(`  unknown:     ${state.inFlight} (sent; stopped before the server answered: it may or may not have been written)`);
  for (const item of state.pending) lines.push(`  not written: ${item}`);
  return lines;
}
