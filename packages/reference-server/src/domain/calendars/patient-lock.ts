/**
 * Serializes the bake and unbake of one patient. Writes to the store are asynchronous, so two
 * overlapping bakes could otherwise both see an occurrence as missing and both create it;
 * queued one after the other, the second finds the first's work and changes nothing.
 */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Runs `work` once every earlier holder of the same patient's lock (in the same store) is done. */
export async function withPatientLock<T>(store: object, patientId: string, work: () => T | Promise<T>): Promise<T> {
  let locks = queues.get(store);
  if (!locks) queues.set(store, (locks = new Map<string, Promise<unknown>>()));
  const previous = locks.get(patientId) ?? Promise.resolve();
  const current = previous.then(work, work);
  const settled = current.catch(() => undefined);
  locks.set(patientId, settled);
  try {
    return await current;
  } finally {
    if (locks.get(patientId) === settled) locks.delete(patientId);
  }
}

/**
 * What to wait for before reading these patients' records: a promise that resolves once every
 * bake or unbake of them that is under way (in this store) is done, without taking their locks,
 * or undefined when none is under way. Reads wait this way, so that no answer shows part of a
 * bake whose journal record is not written yet (a crash would take it back). Undefined rather
 * than a resolved promise: a read of one record (the hot path) then needs no await at all.
 */
export function patientLocksHeld(store: object, patientIds: Iterable<string>): Promise<unknown> | undefined {
  const locks = queues.get(store);
  if (!locks || locks.size === 0) return undefined;
  const pending: Promise<unknown>[] = [];
  for (const id of patientIds) {
    const lock = locks.get(id);
    if (lock) pending.push(lock);
  }
  return pending.length === 0 ? undefined : Promise.all(pending);
}

/** Like {@link patientLocksHeld} for one patient, without building a list. */
export function patientLockHeld(store: object, patientId: string): Promise<unknown> | undefined {
  return queues.get(store)?.get(patientId);
}
