import * as z from 'zod/mini';
import { int32, itemLimits, text, textLimits } from './bounds.js';
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

/** The longest `detail`, field path and field message of a problem the server sends (longer ones end in `…`). */
export const problemTextLimits = { detail: textLimits.note, path: 1_000, message: 1_000 } as const;

/** One field-level validation failure. */
export const ProblemFieldError = z.object({ path: text(problemTextLimits.path), message: text(problemTextLimits.message) });
export type ProblemFieldError = z.infer<typeof ProblemFieldError>;

/** An RFC 9457 problem document (`application/problem+json`). */
export const Problem = withMeta(
  answerObject({
    type: withMeta(text(textLimits.url), { format: 'uri-reference' }),
    title: text(textLimits.title),
    status: int32(100, 599),
    code: withMeta(KnownProblemCode, { description: 'Machine-readable code, e.g. `not_found` (newer codes pass through).' }),
    detail: z.optional(text(problemTextLimits.detail)),
    requestId: withMeta(z.optional(z.string().check(z.maxLength(200), z.regex(/^[\x21-\x7e]+$/))), {
      description: "The request's `x-request-id` (1 to 200 printable ASCII characters), or a generated one.",
    }),
    errors: z.optional(z.array(ProblemFieldError).check(z.maxLength(itemLimits.problemErrors))),
  }),
  { id: 'Problem', description: 'RFC 9457 problem document.' },
);
export type Problem = z.infer<typeof Problem>;
