// A lock between the test processes of one run (vitest's workers are processes of their own), for
// work that one of them does for all: a directory made atomically by mkdir, holding its owner's pid.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Whether the process that took the lock is gone (killed before it could let go). */
function ownerGone(lock) {
  let pid;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return false; // taken a moment ago, pid not written yet
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

/**
 * Runs `work` while holding the lock `lock` (a directory path); waits, synchronously, for another
 * process holding it. Synchronous on purpose: the consumer tests set up in synchronous hooks.
 * @template T
 * @param {string} lock
 * @param {() => T} work
 * @returns {T}
 */
export function withRunLock(lock, work) {
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (ownerGone(lock)) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(pause, 0, 0, 100);
    }
  }
  try {
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
