import * as z from 'zod/mini';
import { int32, text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { UserRole } from './roles.js';

const bound = 100_000;

/**
 * An integer parameter: numbers from SDK users pass through, query-string text must be plain
 * decimal digits (no "", "0x10" or "1e3", which a plain coercion would let through).
 * Codecs rather than transforms, so that the JSON Schema of either side can be written.
 */
const queryInt = (min: number) => {
  const integer = int32(min, bound);
  const digits = z.string().check(z.regex(/^\d{1,7}$/, 'must be a whole number'));
  return z.union([integer, z.codec(digits, integer, { decode: Number, encode: String })], {
    error: (issue) => (issue.code === 'invalid_union' ? `must be a whole number from ${min} to ${bound}` : undefined),
  });
};

/** `offset` may also be null (the default), written `null` in a query string. */
const queryOffset = z.union([queryInt(0), z.null(), z.codec(z.literal('null'), z.null(), { decode: () => null, encode: () => 'null' as const })], {
  error: (issue) => (issue.code === 'invalid_union' ? `must be null or a whole number from 0 to ${bound}` : undefined),
});

/** One sort key: `field`, `field:asc` or `field:desc`. */
export type SortKey<F extends string> = F | `${F}:asc` | `${F}:desc`;

/**
 * A `sortBy` value as typed: one or two keys, comma-separated (`'date:desc,startTime'`), of the
 * known fields only, so that `'titel:desc'` does not compile. At run time more keys are accepted.
 */
export type SortSpec<F extends string> = SortKey<F> | `${SortKey<F>},${SortKey<F>}`;

/**
 * `sortBy`: `field`, `field:asc` or `field:desc`, comma-separated for several keys.
 * Fields outside `fields` are rejected so that typos surface.
 */
export function sortBy<const F extends readonly [string, ...string[]]>(fields: F): z.ZodMiniType<SortSpec<F[number]>, SortSpec<F[number]>> {
  const known = (value: string, ctx: z.core.$RefinementCtx<string>) => {
    for (const part of value.split(',')) {
      const field = part.split(':')[0] ?? '';
      if (!(fields as readonly string[]).includes(field)) {
        ctx.addIssue({ code: 'custom', message: `unknown sort field "${field}"; one of ${fields.join(', ')}` });
      }
    }
  };
  return withMeta(
    z
      .string()
      .check(z.maxLength(textLimits.filter), z.regex(/^[A-Za-z]+(:(asc|desc))?(,[A-Za-z]+(:(asc|desc))?)*$/, 'must look like field, field:asc or field:desc, comma-separated'), z.superRefine(known)),
    { description: `Sort keys: ${fields.join(', ')}; each optionally :asc or :desc.` },
  );
}

/** The paging and filter parameters shared by `GET /calendars/` and `GET /users/`. */
export const listQueryShape = {
  name: withMeta(z.optional(text(textLimits.filter)), { description: 'Case-insensitive substring of the name (title for calendar entries).' }),
  role: withMeta(z.optional(UserRole), { description: "Exact role (users: the user's role; calendars: the role of the entry's patient)." }),
  search: withMeta(z.optional(text(textLimits.filter)), { description: 'Case-insensitive substring over the main text fields.' }),
  limit: withMeta(z.optional(queryInt(1)), { description: 'Page size, 1 to 100000; default 50.' }),
  offset: withMeta(z.optional(queryOffset), { description: 'Records to skip, 0 to 100000; wins over page. null (offset=null in a query string) is the default: no offset, page decides.' }),
  page: withMeta(z.optional(queryInt(1)), { description: '1-based page number, 1 to 100000; default 1.' }),
};

/** Defaults of the list parameters (see docs/api-reference.md). */
export const listDefaults = { limit: 50, page: 1 } as const;
