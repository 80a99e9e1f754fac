import * as z from 'zod/mini';
import { text, textLimits } from './bounds.js';
import { withMeta } from './meta.js';
import { answerObject } from './primitives.js';

/** Query of `GET /pdf/`: an absolute URL on the configured app_url or web_url. */
export const PdfQuery = withMeta(
  z.strictObject({
    urlPath: withMeta(text(textLimits.url, 1), { format: 'uri', description: 'Absolute URL whose scheme, host and port equal app_url or web_url (1 to 2048 characters).' }),
  }),
  { id: 'PdfQuery' },
);
export type PdfQuery = z.infer<typeof PdfQuery>;

/** The answer of `GET /pdf/`: a signed, expiring link to the rendered PDF. */
export const PdfLink = withMeta(answerObject({ signed: withMeta(text(textLimits.answered), { description: 'The signed link (it carries the page address, percent-encoded, and a signature).' }) }), {
  id: 'PdfLink',
});
export type PdfLink = z.infer<typeof PdfLink>;
