import * as z from 'zod/mini';
import { withMeta } from './meta.js';
import { answerObject } from './primitives.js';

/** Query of `GET /pdf/`: an absolute URL on the configured app_url or web_url. */
export const PdfQuery = withMeta(
  z.strictObject({
    urlPath: withMeta(z.string().check(z.minLength(1), z.maxLength(2048)), { description: 'Absolute URL whose scheme, host and port equal app_url or web_url.' }),
  }),
  { id: 'PdfQuery' },
);
export type PdfQuery = z.infer<typeof PdfQuery>;

/** The answer of `GET /pdf/`: a signed, expiring link to the rendered PDF. */
export const PdfLink = withMeta(answerObject({ signed: z.string() }), { id: 'PdfLink' });
export type PdfLink = z.infer<typeof PdfLink>;
