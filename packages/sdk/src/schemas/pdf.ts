import * as z from 'zod';

/** Query of `GET /pdf/`: an absolute URL on the configured app_url or web_url. */
export const PdfQuery = z
  .strictObject({
    urlPath: z.string().min(1).max(2048).meta({ description: 'Absolute URL whose scheme, host and port equal app_url or web_url.' }),
  })
  .meta({ id: 'PdfQuery' });
export type PdfQuery = z.infer<typeof PdfQuery>;

/** The answer of `GET /pdf/`: a signed, expiring link to the rendered PDF. */
export const PdfLink = z.looseObject({ signed: z.string() }).meta({ id: 'PdfLink' });
export type PdfLink = z.infer<typeof PdfLink>;
