import * as z from 'zod';

const bound = 100_000;

/**
 * An integer parameter: numbers from SDK users pass through, query-string text must be plain
 * decimal digits (no "", "0x10" or "1e3", which a plain coercion would let through).
 * Codecs rather than transforms, so that the JSON Schema of either side can be written.
 */
const queryInt = (min: number) => {
  const integer = z.number().int().min(min).max(bound);
  const digits = z.string().regex(/^\d{1,7}$/, 'must be a whole number');
  return z.union([integer, z.codec(digits, integer, { decode: Number, encode: String })], {
    error: (issue) => (issue.code === 'invalid_union' ? `must be a whole number from ${min} to ${bound}` : undefined),
  });
};

/** `offset` may also be null (the default), written `null` in a query string. */
const queryOffset = z.union([
  queryInt(0),
  z.null(),
  z.codec(z.literal('null'), z.null(), { decode: () => null, encode: () => 'null' as const }),
], { error: (issue) => (issue.code === 'invalid_union' ? `must be null or a whole number from 0 to ${bound}` : undefined) });

/**
 * `sortBy`: `field`, `field:asc` or `field:desc`, comma-separated for several keys.
 * Fields outside `fields` are rejected so that typos surface.
 */
export function sortBy<const F extends readonly [string, ...string[]]>(fields: F) {
  return z
    .string()
    .regex(/^[A-Za-z]+(:(asc|desc))?(,[A-Za-z]+(:(asc|desc))?)*$/, 'must look like field, field:asc or field:desc, comma-separated')
    .superRefine((value, ctx) => {
      for (const part of value.split(',')) {
        const field = part.split(':')[0] ?? '';
        if (!(fields as readonly string[]).includes(field)) {
          ctx.addIssue({ code: 'custom', message: `unknown sort field "${field}"; one of ${fields.join(', ')}` });
        }
      }
    })
    .meta({ description: `Sort keys: ${fields.join(', ')}; each optionally :asc or :desc.` });
}

/** The paging and filter parameters shared by `GET /calendars/` and `GET /users/`. */
export const listQueryShape = {
  name: z.string().max(200).optional().meta({ description: 'Case-insensitive substring of the name (title for calendar entries).' }),
  role: z.string().max(50).optional().meta({ description: "Exact role (users: the user's role; calendars: the role of the entry's patient)." }),
  search: z.string().max(200).optional().meta({ description: 'Case-insensitive substring over the main text fields.' }),
  limit: queryInt(1).optional().meta({ description: 'Page size, 1 to 100000; default 50.' }),
  offset: queryOffset.optional().meta({ description: 'Records to skip, 0 to 100000; wins over page.' }),
  page: queryInt(1).optional().meta({ description: '1-based page number, 1 to 100000; default 1.' }),
};

/** Defaults of the list parameters (see docs/api-reference.md). */
export const listDefaults = { limit: 50, page: 1 } as const;
