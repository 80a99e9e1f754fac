import { transportOf, type MedschedBaseClient } from '../base-client.js';
import { ApiPromise } from '../api-promise.js';
import type { z } from 'zod';
import type { BakeCreate, BakeQuery, BakeResult, UnbakeResult } from '../schemas/bake.js';
import { bakeCreate, bakeDelete, bakeGet } from '../schemas/operation-definitions.js';
import type { RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/**
 * Reads the baked schedule of one patient; changes nothing.
 * @example const result = await getBake(client, { patient, from: '2026-11-23', to: '2026-11-29' });
 */
export function getBake(client: MedschedBaseClient, query: z.input<typeof BakeQuery>, options?: RequestOptions): ApiPromise<BakeResult> {
  return new ApiPromise(transportOf(client).call(bakeGet, { query }, options));
}

/**
 * Bakes a range for one patient, or for all patients of an organization (`updateAllPatients: true`).
 * Idempotent: baking the same range twice creates nothing new, so it is retried like a GET.
 * @example await createBake(client, { patient, from: '2026-11-23', to: '2026-11-29' });
 */
export function createBake(client: MedschedBaseClient, body: z.input<typeof BakeCreate>, options?: RequestOptions): ApiPromise<BakeResult> {
  return new ApiPromise(transportOf(client).call(bakeCreate, { body }, options));
}

/**
 * Unbakes a range for one patient and returns the reverted entries.
 * @example const reverted = await deleteBake(client, { patient, from: '2026-11-23', to: '2026-11-29' });
 */
export function deleteBake(client: MedschedBaseClient, query: z.input<typeof BakeQuery>, options?: RequestOptions): ApiPromise<UnbakeResult> {
  return new ApiPromise(transportOf(client).call(bakeDelete, { query }, options));
}

/** Baking: finalizing a patient's calendar over an inclusive date range. */
export class Bake extends Resource {
  /**
   * Reads the baked schedule of one patient; changes nothing.
   * @example const result = await client.calendars.bake.get({ patient, from: '2026-11-23', to: '2026-11-29' });
   */
  get(query: z.input<typeof BakeQuery>, options?: RequestOptions): ApiPromise<BakeResult> {
    return getBake(this.client, query, options);
  }

  /**
   * Bakes a range for one patient, or for all patients of an organization (`updateAllPatients: true`).
   * Idempotent: baking the same range twice creates nothing new, so it is retried like a GET.
   * @example await client.calendars.bake.create({ patient, from: '2026-11-23', to: '2026-11-29' });
   */
  create(body: z.input<typeof BakeCreate>, options?: RequestOptions): ApiPromise<BakeResult> {
    return createBake(this.client, body, options);
  }

  /**
   * Unbakes a range for one patient and returns the reverted entries.
   * @example const reverted = await client.calendars.bake.delete({ patient, from: '2026-11-23', to: '2026-11-29' });
   */
  delete(query: z.input<typeof BakeQuery>, options?: RequestOptions): ApiPromise<UnbakeResult> {
    return deleteBake(this.client, query, options);
  }
}
