import type { Database } from '../../db/database.js';
import type { ApiRequest, ApiResponse } from '../../pipeline/messages.js';
import type { ExtraRoutes } from '../../pipeline/pipeline.js';
import { demoCredentials } from '../../seed/index.js';
import { referenceAsset, referencePageHtml, referencePath } from './api-reference.js';
import { homePageHtml, type HomePageContent } from './home-page.js';
import { openApiDocumentFor } from './openapi-document.js';
import { ProblemError } from '../../domain/operation/problems.js';
import { faviconPaths, faviconSvg } from './favicon.js';

export interface SitePagesOptions {
  db: Database;
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  origin: string;
  basePath: string;
  /** True only for the demo seed held in memory: its keys are public. Never for a data file or `--seed empty`. */
  showDemoKeys: boolean;
  /** Why keys are not shown, for the page, when `showDemoKeys` is false. */
  noDemoReason: string;
  corsOrigins: readonly string[];
  appUrl: string;
}

/** The pages only run as HTML from this server; they load nothing from elsewhere. */
const pageSecurity = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function answer(request: ApiRequest, requestId: string, type: string, body: string | Buffer, cache: string): ApiResponse {
  return {
    status: 200,
    headers: { 'content-type': type, 'cache-control': cache, 'x-request-id': requestId, ...pageSecurity },
    // HEAD reaches here as GET: the binding leaves the body out and keeps its length.
    body: typeof body === 'string' ? body : new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
  };
}

/**
 * The pages a person opens in a browser, outside `/v1` and only on the node:http server (never in
 * the msw handlers): `/` (home page), `/reference` (API reference), `/openapi.json`. They go through
 * the same pipeline as the API (request id, CORS), as its last extra routes.
 */
export function createSitePages(options: SitePagesOptions): ExtraRoutes {
  const demoKey = options.showDemoKeys ? demoCredentials().find((credential) => credential.role === 'admin')?.apiKey : undefined;
  let openApi: string | undefined;

  const homeContent = (): HomePageContent => ({
    origin: options.origin,
    basePath: options.basePath,
    demo: options.showDemoKeys ? demoByOrganization(options.db) : undefined,
    noDemoReason: options.noDemoReason,
    corsOrigins: options.corsOrigins,
    appUrl: options.appUrl,
  });

  // oxlint-disable-next-line typescript/require-await -- a handler answers with a promise; a throw must reach the server as a rejection
  return async (request, requestId) => {
    const { pathname } = request;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!isPagePath(pathname)) return undefined;
      throw new ProblemError('method_not_allowed', `${request.method} is not allowed on ${pathname}; pages are read with GET or HEAD`, { headers: { allow: 'GET, HEAD' } });
    }
    if (pathname === '/' || pathname === '/index.html') return answer(request, requestId, 'text/html; charset=utf-8', homePageHtml(homeContent()), 'no-store');
    if ((faviconPaths as readonly string[]).includes(pathname)) return answer(request, requestId, 'image/svg+xml', faviconSvg, 'public, max-age=86400');
    if (pathname === '/openapi.json') {
      openApi ??= openApiDocumentFor(options.basePath);
      return answer(request, requestId, 'application/json', openApi, 'no-cache');
    }
    if (pathname === referencePath || pathname === `${referencePath}/`) return answer(request, requestId, 'text/html; charset=utf-8', referencePageHtml(), 'no-cache');
    if (pathname.startsWith(`${referencePath}/`)) {
      const asset = referenceAsset(pathname.slice(referencePath.length + 1), { demoApiKey: demoKey });
      if (asset) return answer(request, requestId, asset.type, asset.body, 'public, max-age=3600');
    }
    return undefined;
  };
}

/** Paths the pages answer (assets of the API reference included), whatever the method. */
function isPagePath(pathname: string): boolean {
  return ['/', '/index.html', '/openapi.json', ...faviconPaths, referencePath, `${referencePath}/`].includes(pathname) || pathname.startsWith(`${referencePath}/`);
}

/** The demo users with their keys, grouped by organization under its current name. */
function demoByOrganization(db: Database): NonNullable<HomePageContent['demo']> {
  const groups = new Map<string, NonNullable<HomePageContent['demo']>[number]>();
  for (const credential of demoCredentials()) {
    let group = groups.get(credential.organizationId);
    if (!group) {
      group = { organizationId: credential.organizationId, organizationName: db.organizations.get(credential.organizationId)?.name ?? credential.organizationId, users: [] };
      groups.set(credential.organizationId, group);
    }
    group.users.push(credential);
  }
  return [...groups.values()];
}
