import * as z from 'zod/mini';
import { text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { answerObject, FreeObject, IsoDateTime, ObjectId } from './primitives.js';

/** A medication of an organization. */
export const Medication = withMeta(
  answerObject({
    id: withMeta(ObjectId, { description: "The medication's object id." }),
    name: withMeta(text(textLimits.answered), { description: 'Display name, e.g. `Ibuprofen 400 mg`.' }),
    organization: withMeta(ObjectId, { description: "The medication's organization." }),
    meta: withMeta(FreeObject, { description: 'Free-form data kept with the medication (form, ATC code, …).' }),
    date: withMeta(IsoDateTime, { description: 'Date-time given at creation (defaults to the creation time).' }),
    createdAt: withMeta(z.optional(IsoDateTime), { description: 'When the medication was created, ISO 8601 UTC.' }),
    updatedAt: withMeta(z.optional(IsoDateTime), { description: 'When the medication last changed, ISO 8601 UTC.' }),
  }),
  { id: 'Medication' },
);
export type Medication = z.infer<typeof Medication>;

/** Body of `POST /medications/`. `organization` defaults to the caller's. */
export const MedicationCreate = withMeta(
  z.strictObject({
    name: z.optional(text(textLimits.title, 1)),
    organization: z.optional(ObjectId),
    meta: z.optional(FreeObject),
    date: z.optional(IsoDateTime),
  }),
  { id: 'MedicationCreate' },
);
export type MedicationCreate = z.infer<typeof MedicationCreate>;

/** Body of `POST` (replace) and `PATCH` (update) `/medications/{medicationId}`. */
export const MedicationUpdate = withMeta(
  z.strictObject({
    name: z.optional(text(textLimits.title, 1)),
    meta: z.optional(FreeObject),
    organization: z.optional(ObjectId),
  }),
  { id: 'MedicationUpdate' },
);
export type MedicationUpdate = z.infer<typeof MedicationUpdate>;

/** Path parameters of `/medications/{medicationId}`. */
export const MedicationIdParams = z.strictObject({ medicationId: withMeta(ObjectId, { description: 'Id of the medication (24 lower-case hex characters).' }) });
