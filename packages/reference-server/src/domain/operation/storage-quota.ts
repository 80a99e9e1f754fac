import type { StorageUsage } from '../../db/storage-usage.js';
import { ProblemError } from './problems.js';

/** How much one organization may store (README, "Limits"). */
export interface StorageQuotaLimits {
  /** Calendar entries, series and baked occurrences together. Default 100,000 (`--quota-entries`). */
  calendarEntries: number;
  /** Bytes of stored JSON, all the organization's records together. Default 100 MiB (`--quota-mb`). */
  bytes: number;
}

export const defaultStorageQuota: StorageQuotaLimits = { calendarEntries: 100_000, bytes: 100 * 1024 * 1024 };

const mebibyte = 1024 * 1024;
const inMb = (bytes: number) => `${(bytes / mebibyte).toFixed(bytes % mebibyte === 0 ? 0 : 2)} MiB`;

/**
 * The storage quota per organization, checked before a write changes anything: a write that
 * would take the organization past a quota is refused with 409 and a problem whose `type`
 * names the quota, so nothing is half-stored; reads, deletes and unbakes are never refused,
 * so the organization can get back under.
 */
export class StorageQuota {
  constructor(
    private readonly usage: StorageUsage,
    readonly limits: StorageQuotaLimits,
  ) {}

  /**
   * Before a write that adds `calendarEntries` entries and about `bytes` bytes of JSON (the
   * request body) to the organization. Throws the quota's problem when it would not fit.
   */
  check(organization: string, adds: { calendarEntries?: number; bytes?: number }): void {
    const used = this.usage.of(organization);
    const entries = adds.calendarEntries ?? 0;
    if (entries > 0 && used.calendarEntries + entries > this.limits.calendarEntries) {
      throw new ProblemError(
        'calendar_entry_quota_exceeded',
        `your organization stores ${used.calendarEntries} calendar entries and this request would add ${entries}; ` +
          `the quota is ${this.limits.calendarEntries} per organization. Unbake ranges you no longer need (DELETE /calendars/bake), ` +
          'or start the server with a higher --quota-entries (MEDSCHED_QUOTA_ENTRIES)',
        { members: { quota: 'calendar-entries', limit: this.limits.calendarEntries, used: used.calendarEntries, requested: entries } },
      );
    }
    const bytes = adds.bytes ?? 0;
    if (used.bytes + bytes > this.limits.bytes) {
      throw new ProblemError(
        'storage_quota_exceeded',
        `your organization stores ${inMb(used.bytes)} of JSON and this request carries ${bytes} bytes; the quota is ${inMb(this.limits.bytes)} per organization. ` +
          'Delete or unbake data you no longer need, send less, or start the server with a higher --quota-mb (MEDSCHED_QUOTA_MB)',
        { members: { quota: 'storage-bytes', limit: this.limits.bytes, used: used.bytes, requested: bytes } },
      );
    }
  }
}

/**
 * What a bake's new occurrences add: one calendar entry each, of about the size of its series
 * record (an occurrence is the series copied, without its rule).
 */
export function occurrencesGrowth(plans: ReadonlyArray<{ occurrences: ReadonlyArray<{ series: { id: string } }> }>): { calendarEntries: number; bytes: number } {
  const sizes = new Map<string, number>();
  let calendarEntries = 0;
  let bytes = 0;
  for (const plan of plans) {
    for (const { series } of plan.occurrences) {
      let size = sizes.get(series.id);
      if (size === undefined) sizes.set(series.id, (size = JSON.stringify(series).length));
      calendarEntries += 1;
      bytes += size;
    }
  }
  return { calendarEntries, bytes };
}
