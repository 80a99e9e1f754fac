import * as z from 'zod/mini';
import { withMeta } from './meta.js';
import { answerObject, openEnum } from './primitives.js';

/** The error codes of the service, one per kind of failure. */
export const ProblemCode = z.enum([
  'invalid_json',
  'validation_failed',
  'invalid_id',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal',
  'idempotency_key_reused',
]);
export type ProblemCode = z.infer<typeof ProblemCode>;

/** An error code as answered: the known codes, or a newer one the SDK does not know yet. */
export const KnownProblemCode = openEnum(ProblemCode.options);
export type KnownProblemCode = z.infer<typeof KnownProblemCode>;

/** One field-level validation failure. */
export const ProblemFieldError = z.object({ path: z.string(), message: z.string() });
export type ProblemFieldError = z.infer<typeof ProblemFieldError>;

/** An RFC 9457 problem document (`application/problem+json`). */
export const Problem = withMeta(
  answerObject({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    code: withMeta(KnownProblemCode, { description: 'Machine-readable code, e.g. `not_found` (newer codes pass through).' }),
    detail: z.optional(z.string()),
    requestId: z.optional(z.string()),
    errors: z.optional(z.array(ProblemFieldError)),
  }),
  { id: 'Problem', description: 'RFC 9457 problem document.' },
);
export type Problem = z.infer<typeof Problem>;
