import { z } from 'zod';
import { FreeObject, IsoDateTime, ObjectId } from './primitives.js';

/** A medication of an organization. */
export const Medication = z
  .looseObject({
    /** The medication's object id. */
    id: z.string(),
    /** Display name, e.g. `Ibuprofen 400 mg`. */
    name: z.string(),
    /** The medication's organization. */
    organization: ObjectId,
    /** Free-form data kept with the medication (form, ATC code, …). */
    meta: FreeObject,
    /** Date-time given at creation (defaults to the creation time). */
    date: IsoDateTime,
    /** When the medication was created, ISO 8601 UTC. */
    createdAt: z.string().optional(),
    /** When the medication last changed, ISO 8601 UTC. */
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'Medication' });
export type Medication = z.infer<typeof Medication>;

/** Body of `POST /medications/`. `organization` defaults to the caller's. */
export const MedicationCreate = z
  .strictObject({
    name: z.string().min(1).max(500).optional(),
    organization: ObjectId.optional(),
    meta: FreeObject.optional(),
    date: IsoDateTime.optional(),
  })
  .meta({ id: 'MedicationCreate' });
export type MedicationCreate = z.infer<typeof MedicationCreate>;

/** Body of `POST` (replace) and `PATCH` (update) `/medications/{medicationId}`. */
export const MedicationUpdate = z
  .strictObject({
    name: z.string().min(1).max(500).optional(),
    meta: FreeObject.optional(),
    organization: ObjectId.optional(),
  })
  .meta({ id: 'MedicationUpdate' });
export type MedicationUpdate = z.infer<typeof MedicationUpdate>;

/** Path parameters of `/medications/{medicationId}`. */
export const MedicationIdParams = z.strictObject({ medicationId: ObjectId });
