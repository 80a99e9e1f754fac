/**
 * A home at work, seeded so that a failing run can be repeated: one-off entries created and
 * changed, ranges unbaked (removing the occurrences a bake materialized) and baked again, and
 * device events that reach the server hours after their device's clock stamped them. Each step
 * is one ordinary write through the SDK (or the device's own route); a refused one (409: the entry
 * was baked meanwhile) counts as refused, as an integrator's colleague would see it.
 */
import { ConflictError, type MedschedClient } from '@medsched/sdk';

/** A small seeded generator (mulberry32): the same seed, the same writes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface WriterSetting {
  client: MedschedClient;
  /** Origin of the reference server, for its device route (`/dev/admin/devices/{id}/events`). */
  origin: string;
  adminSecret: string;
  patients: string[];
  devices: string[];
  /** The days the home's schedule covers, YYYY-MM-DD. */
  days: string[];
  /** The server's now, for back-dating events. */
  now: () => number;
  seed: number;
  /** Writes in all; `step()` does nothing once they are spent. */
  budget: number;
}

export type WriteKind = 'create' | 'update' | 'unbake' | 'bake' | 'late-event' | 'refused';

export function seededWriter(setting: WriterSetting) {
  const next = seededRandom(setting.seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const drafts: string[] = [];
  const counts: Record<WriteKind, number> = { create: 0, update: 0, unbake: 0, bake: 0, 'late-event': 0, refused: 0 };
  let spent = 0;
  const range = () => {
    const start = Math.floor(next() * (setting.days.length - 5));
    return { from: setting.days[start]!, to: setting.days[start + 4]! };
  };

  async function write(): Promise<WriteKind> {
    const { client } = setting;
    const roll = next();
    if (roll < 0.25) {
      const entry = await client.calendars.create({ patient: pick(setting.patients), name: `Writer ${spent}`, date: pick(setting.days), intakeTime: '12:00', amount: 1, unit: 'tablet' });
      drafts.push(entry.id);
      return 'create';
    }
    if (roll < 0.45 && drafts.length > 0) {
      try {
        await client.calendars.update(pick(drafts), { amount: 1 + Math.floor(next() * 4) });
        return 'update';
      } catch (error) {
        if (error instanceof ConflictError) return 'refused';
        throw error;
      }
    }
    if (roll < 0.65) {
      await client.calendars.bake.delete({ patient: pick(setting.patients), ...range() });
      return 'unbake';
    }
    if (roll < 0.85) {
      await client.calendars.bake.create({ patient: pick(setting.patients), ...range() });
      return 'bake';
    }
    // 2 to 50 hours late by the device's clock.
    const timestamp = new Date(setting.now() - (2 + next() * 48) * 3_600_000).toISOString();
    const answer = await fetch(`${setting.origin}/dev/admin/devices/${pick(setting.devices)}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-secret': setting.adminSecret },
      body: JSON.stringify({ type: 'state', payload: { door: 'closed' }, timestamp }),
    });
    if (answer.status !== 201) throw new Error(`posting a device event: ${answer.status} ${await answer.text()}`);
    return 'late-event';
  }

  return {
    counts,
    get remaining() {
      return setting.budget - spent;
    },
    /** Makes up to `count` writes of the budget, one after the other. */
    async step(count = 1): Promise<void> {
      for (let i = 0; i < count && spent < setting.budget; i++) {
        spent += 1;
        counts[await write()] += 1;
      }
    },
  };
}
