import { transportOf, type MedschedBaseClient } from '../base-client.js';
import { ApiPromise } from '../api-promise.js';
import type { z } from 'zod';
import type { Medication, MedicationCreate, MedicationUpdate } from '../schemas/medications.js';
import { medicationsCreate, medicationsDelete, medicationsGet, medicationsReplace, medicationsUpdate } from '../schemas/operation-definitions.js';
import type { CreateRequestOptions, RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/**
 * Creates a medication in your organization. Retried safely: the call carries an Idempotency-Key.
 * @example await createMedication(client, { name: 'Ibuprofen 400', meta: { atc: 'M01AE01' } });
 */
export function createMedication(client: MedschedBaseClient, body: z.input<typeof MedicationCreate>, options?: CreateRequestOptions): ApiPromise<Medication> {
  return new ApiPromise(transportOf(client).call(medicationsCreate, { body }, options));
}

/**
 * Gets one medication.
 * @example const medication = await getMedication(client, id);
 */
export function getMedication(client: MedschedBaseClient, medicationId: string, options?: RequestOptions): ApiPromise<Medication> {
  return new ApiPromise(transportOf(client).call(medicationsGet, { params: { medicationId } }, options));
}

/**
 * Replaces a medication's fields as a whole.
 * @example await replaceMedication(client, id, { name: 'Ibuprofen 600', meta: {} });
 */
export function replaceMedication(client: MedschedBaseClient, medicationId: string, body: z.input<typeof MedicationUpdate>, options?: RequestOptions): ApiPromise<Medication> {
  return new ApiPromise(transportOf(client).call(medicationsReplace, { params: { medicationId }, body }, options));
}

/**
 * Changes some fields of a medication.
 * @example await updateMedication(client, id, { name: 'Ibuprofen 600' });
 */
export function updateMedication(client: MedschedBaseClient, medicationId: string, body: z.input<typeof MedicationUpdate>, options?: RequestOptions): ApiPromise<Medication> {
  return new ApiPromise(transportOf(client).call(medicationsUpdate, { params: { medicationId }, body }, options));
}

/**
 * Deletes a medication and returns the removed record.
 * @example const removed = await deleteMedication(client, id);
 */
export function deleteMedication(client: MedschedBaseClient, medicationId: string, options?: RequestOptions): ApiPromise<Medication> {
  return new ApiPromise(transportOf(client).call(medicationsDelete, { params: { medicationId } }, options));
}

/** Medications of an organization. */
export class Medications extends Resource {
  /**
   * Creates a medication in your organization. Retried safely: the call carries an Idempotency-Key.
   * @example await client.medications.create({ name: 'Ibuprofen 400', meta: { atc: 'M01AE01' } });
   */
  create(body: z.input<typeof MedicationCreate>, options?: CreateRequestOptions): ApiPromise<Medication> {
    return createMedication(this.client, body, options);
  }

  /**
   * Gets one medication.
   * @example const medication = await client.medications.get(id);
   */
  get(medicationId: string, options?: RequestOptions): ApiPromise<Medication> {
    return getMedication(this.client, medicationId, options);
  }

  /**
   * Replaces a medication's fields as a whole.
   * @example await client.medications.replace(id, { name: 'Ibuprofen 600', meta: {} });
   */
  replace(medicationId: string, body: z.input<typeof MedicationUpdate>, options?: RequestOptions): ApiPromise<Medication> {
    return replaceMedication(this.client, medicationId, body, options);
  }

  /**
   * Changes some fields of a medication.
   * @example await client.medications.update(id, { name: 'Ibuprofen 600' });
   */
  update(medicationId: string, body: z.input<typeof MedicationUpdate>, options?: RequestOptions): ApiPromise<Medication> {
    return updateMedication(this.client, medicationId, body, options);
  }

  /**
   * Deletes a medication and returns the removed record.
   * @example const removed = await client.medications.delete(id);
   */
  delete(medicationId: string, options?: RequestOptions): ApiPromise<Medication> {
    return deleteMedication(this.client, medicationId, options);
  }
}
