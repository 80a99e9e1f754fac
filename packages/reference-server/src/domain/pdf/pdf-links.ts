import type { PdfLink } from '@medsched/sdk/schemas';
import type { ApiRequest, ApiResponse } from '../../pipeline/messages.js';
import { importSigningKey, signLink, verifyLink } from './link-signing.js';
import { isApiKeyActive } from '../access/authentication.js';
import { allowedOrigin } from './pdf-url-policy.js';
import { randomHex } from '../access/hex.js';
import { forbidden, invalid, ProblemError } from '../operation/problems.js';
import type { Database } from '../../db/database.js';
import { buildPlanGrid, type PlanGrid } from './plan-grid.js';
import { planLanguageOf, readPlanLanguage } from './plan-language.js';
import { patientOfPage, readPlanRange } from './plan-range.js';
import { RenderedPdfs } from './rendered-pdfs.js';

export interface PdfLinkOptions {
  /** The web application; default `https://app.medsched.test`. */
  appUrl?: string;
  /** The public website; default `https://www.medsched.test`. */
  webUrl?: string;
  /** HMAC key material; default random per start (links then die with the process). */
  signingSecret?: string;
  /** Lifetime of a link; default 900 s. */
  linkTtlSeconds?: number;
}

export const defaultAppUrl = 'https://app.medsched.test';
export const defaultWebUrl = 'https://www.medsched.test';
const defaultTtlSeconds = 900;

/** Where signed PDF links are served, outside `/v1`: they need no credential. */
export const pdfFilePath = '/files/pdf';
// The exact shape of a link's query: anything else (reordered, doubled, extra) is refused.
// `by` (signed too) names the user who asked for a plan's link, for the plan's footer.
// `key` (signed too) names the API key that signed the link: a link dies with its key (checked when fetched).
const linkQuery = /^\?url=([^&]*)(&by=[0-9a-f]{24})?(&key=[0-9a-f]{24})?&expires=(\d{1,12})&signature=([A-Za-z0-9_-]{1,128})$/;

/**
 * `GET /pdf/`: signs links to PDFs of pages on the app or web URL; and serves those links.
 * The signature covers method, path, the page address and the expiry.
 */
export class PdfLinks {
  readonly origins: readonly string[];
  readonly #ttlSeconds: number;
  readonly #key: Promise<CryptoKey>;
  readonly #rendered = new RenderedPdfs();

  constructor(options: PdfLinkOptions = {}) {
    this.origins = [allowedOrigin(options.appUrl ?? defaultAppUrl), allowedOrigin(options.webUrl ?? defaultWebUrl)];
    this.#ttlSeconds = options.linkTtlSeconds ?? defaultTtlSeconds;
    this.#key = importSigningKey(options.signingSecret ?? randomHex(32));
  }

  /**
   * Signs a link for `urlPath` at `now`, naming who asked (`by`, a user id) and the API key that
   * signed (`keyId`): the caller has checked the page first (sign-pdf-link.ts, the `GET /pdf/`
   * operation), as only it knows who asks and which patients they may see.
   */
  async sign(urlPath: string, origin: string, now: Date, signer: { by?: string | undefined; keyId?: string | undefined }): Promise<PdfLink> {
    const by = signer.by === undefined ? '' : `&by=${signer.by}`;
    const key = signer.keyId !== undefined && /^[0-9a-f]{24}$/.test(signer.keyId) ? `&key=${signer.keyId}` : '';
    const expires = Math.floor(now.getTime() / 1000) + this.#ttlSeconds;
    const path = `${pdfFilePath}?url=${encodeURIComponent(urlPath)}${by}${key}`;
    const signature = await signLink(await this.#key, 'GET', path, expires);
    return { signed: `${origin}${path}&expires=${expires}&signature=${signature}` };
  }

  /** Serves a signed link, or declines (undefined) for other paths. */
  async serve(db: Database, request: ApiRequest, requestId: string, now: Date): Promise<ApiResponse | undefined> {
    if (request.pathname !== pdfFilePath) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new ProblemError('method_not_allowed', 'signed PDF links are fetched with GET', { headers: { allow: 'GET, HEAD' } });
    }
    const parts = linkQuery.exec(request.search);
    if (!parts) throw forbidden('this is not a valid signed link; ask GET /v1/pdf/ for a new one');
    const [, rawUrl = '', byPart = '', keyPart = '', expires = '0', signature = ''] = parts;
    const check = await verifyLink(await this.#key, 'GET', `${pdfFilePath}?url=${rawUrl}${byPart}${keyPart}`, expires, signature, now.getTime());
    // A link never lives longer than the server issues them for (a leaked long-lived key aside).
    if (check.ok && Number(expires) * 1000 > now.getTime() + this.#ttlSeconds * 1000 + 60_000) {
      throw forbidden('this signed link lasts longer than this server issues links for; ask GET /v1/pdf/ for a new one');
    }
    if (!check.ok) {
      throw forbidden(check.reason === 'expired' ? 'this signed link has expired; ask GET /v1/pdf/ for a new one' : 'the signature of this link does not match');
    }
    // Checked at fetch time: the signer's key revoked (or gone) since, or the signer gone, ends the link.
    if (keyPart !== '' && !isApiKeyActive(db, keyPart.slice('&key='.length))) {
      throw forbidden('the API key that signed this link has been revoked; ask GET /v1/pdf/ for a new one with a valid key');
    }
    if (byPart !== '' && db.users.get(byPart.slice('&by='.length)) === undefined) {
      throw forbidden('the user who signed this link no longer exists; ask GET /v1/pdf/ for a new one');
    }
    const pageUrl = decodeURIComponent(rawUrl);
    const bytes = await this.#pdf(db, pageUrl, now, byPart.slice('&by='.length), request.search, Number(expires) * 1000);
    return {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'inline; filename="medsched.pdf"',
        'cache-control': 'private, no-store',
        'x-request-id': requestId,
      },
      body: request.method === 'HEAD' ? undefined : bytes,
    };
  }

  /** The PDF: for a patient's page the medication plan of its range, else the page's address. */
  async #pdf(db: Database, pageUrl: string, now: Date, requestedBy: string, link: string, expiresAt: number): Promise<Uint8Array> {
    const url = new URL(pageUrl);
    const patientId = patientOfPage(url.pathname);
    const patient = patientId === undefined ? undefined : db.users.get(patientId);
    // The grid is read from the data now, before the first await: the PDF shows one moment's data.
    let grid: PlanGrid | undefined;
    if (patient) {
      const range = readPlanRange(url.searchParams, now, patient.timezone);
      if (!range.ok) throw invalid('urlPath', range.reason);
      const pageLanguage = readPlanLanguage(url.searchParams);
      if (!pageLanguage.ok) throw invalid('urlPath', pageLanguage.reason);
      const signer = requestedBy ? db.users.get(requestedBy) : undefined;
      // Without `lang` the signer's account language decides, as it is when the link is fetched.
      const signerAccount = signer?.accountId ? db.accounts.get(signer.accountId) : undefined;
      const language = planLanguageOf(pageLanguage.language, signerAccount?.language);
      grid = buildPlanGrid({ db, patient, range: range.range, now, requestedBy: signer, pageUrl, language });
    }
    // What the PDF shows, but for the time it prints: the same data gives the same bytes.
    // (Maps written as their entries: JSON.stringify would write every dose map as `{}`.)
    const fingerprint = grid ? JSON.stringify({ ...grid, generatedAt: '' }, (_key, value: unknown) => (value instanceof Map ? [...value] : value)) : pageUrl;
    const rendered = grid;
    // Keyed on the language too: a German and an English plan of the same data are different bytes.
    return this.#rendered.get(`${grid?.language ?? ''} ${link}`, fingerprint, now.getTime(), expiresAt, async () => {
      const { planPdf, pagePdf } = await import('./pdf-file.js');
      return rendered ? planPdf(rendered, now) : pagePdf(pageUrl, now);
    });
  }
}
