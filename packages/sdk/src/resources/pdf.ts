import { transportOf, type MedschedBaseClient } from '../base-client.js';
import { ApiPromise } from '../api-promise.js';
import { pdfSign } from '../schemas/operation-definitions.js';
import type { PdfLink } from '../schemas/pdf.js';
import type { RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/**
 * Signs a link to a PDF of a page on the configured app or web URL.
 * @example const { signed } = await signPdfLink(client, 'https://app.medsched.test/patients/65a1…/plan');
 */
export function signPdfLink(client: MedschedBaseClient, urlPath: string, options?: RequestOptions): ApiPromise<PdfLink> {
  return new ApiPromise(transportOf(client).call(pdfSign, { query: { urlPath } }, options));
}

/** Signed links to PDFs rendered from allowed pages. */
export class Pdf extends Resource {
  /**
   * Signs a link to a PDF of a page on the configured app or web URL.
   * @example const { signed } = await client.pdf.sign('https://app.medsched.test/patients/65a1…/plan');
   */
  sign(urlPath: string, options?: RequestOptions): ApiPromise<PdfLink> {
    return signPdfLink(this.client, urlPath, options);
  }
}
