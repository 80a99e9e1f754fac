import * as z from 'zod';
import { FreeObject, IsoDateTime, ObjectId } from './primitives.js';

/** A medication of an organization. */
export const Medication = z
  .looseObject({
    id: z.string().meta({ description: 'The medication\'s object id.' }),
    name: z.string().meta({ description: 'Display name, e.g. `Ibuprofen 400 mg`.' }),
    organization: ObjectId.meta({ description: 'The medication\'s organization.' }),
    meta: FreeObject.meta({ description: 'Free-form data kept with the medication (form, ATC code, …).' }),
    date: IsoDateTime.meta({ description: 'Date-time given at creation (defaults to the creation time).' }),
    createdAt: z.string().optional().meta({ description: 'When the medication was created, ISO 8601 UTC.' }),
    updatedAt: z.string().optional().meta({ description: 'When the medication last changed, ISO 8601 UTC.' }),
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
export const MedicationIdParams = z.strictObject({ medicationId: ObjectId.meta({ description: 'Id of the medication (24 lower-case hex characters).' }) });
