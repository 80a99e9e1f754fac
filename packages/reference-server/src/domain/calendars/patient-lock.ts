/**
 * Serializes the bake and unbake of one patient. Writes to the store are asynchronous, so two
 * overlapping bakes could otherwise both see an occurrence as missing and both create it;
 * queued one after the other, the second finds the first's work and changes nothing.
 */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Runs `work` once every earlier holder of the same patient's lock (in the same store) is done. */
export async function withPatientLock<T>(store: object, patientId: string, work: () => Promise<T>): Promise<T> {
  let locks = queues.get(store);
  if (!locks) queues.set(store, (locks = new Map()));
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
 * Resolves once every bake or unbake of these patients that is under way (in this store) is
 * done, without taking their locks. Reads wait this way, so that no answer shows part of a bake
 * whose journal record is not written yet (a crash would take it back).
 */
export async function afterPatientLocks(store: object, patientIds: Iterable<string>): Promise<void> {
  const locks = queues.get(store);
  if (!locks || locks.size === 0) return;
  const pending: Promise<unknown>[] = [];
  for (const id of patientIds) {
    const lock = locks.get(id);
    if (lock) pending.push(lock);
  }
  if (pending.length > 0) await Promise.all(pending);
}
