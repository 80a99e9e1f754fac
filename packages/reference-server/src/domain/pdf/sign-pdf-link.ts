import type { PdfLink } from '@medsched/sdk/schemas';
import { findPatient } from '../directory/lookups.js';
import type { OperationContext } from '../operation/context.js';
import { invalid } from '../operation/problems.js';
import { checkPdfUrl } from './pdf-url-policy.js';
import { readPlanLanguage } from './plan-language.js';
import { patientOfPage, readPlanRange } from './plan-range.js';

/**
 * `GET /pdf/`: a signed link to a PDF of a page on the app or web URL. A patient's page must name
 * a patient the caller may see, and a plan page's range and language are checked now, so that a
 * link never leads to a page that cannot be drawn. An operation of its own, beside the links
 * (pdf-links.ts signs and serves them): the links are part of every operation's context, so they
 * cannot depend on the context's lookups themselves.
 */
export async function signPdfLink(ctx: OperationContext, urlPath: string, origin: string): Promise<PdfLink> {
  const check = checkPdfUrl(urlPath, ctx.pdfLinks.origins);
  if (!check.ok) throw invalid('urlPath', check.reason);
  const patientId = patientOfPage(check.url.pathname);
  let by: string | undefined;
  if (patientId !== undefined) {
    const patient = findPatient(ctx, patientId, 'urlPath');
    const range = readPlanRange(check.url.searchParams, ctx.now(), patient.timezone);
    if (!range.ok) throw invalid('urlPath', range.reason);
    const language = readPlanLanguage(check.url.searchParams);
    if (!language.ok) throw invalid('urlPath', language.reason);
    by = ctx.caller.user.id;
  }
  const { credential } = ctx.caller;
  return ctx.pdfLinks.sign(urlPath, origin, ctx.now(), { by, keyId: credential.kind === 'api-key' ? credential.keyId : undefined });
}
