import { createDatabase, type Database } from './db/database.js';
import { newObjectId } from './db/object-id.js';
import { createDevRoutes } from './dev/routes.js';
import type { ApiKeyHasher } from './domain/access/api-keys.js';
import { Authenticator } from './domain/access/authentication.js';
import { IdentityProvider, type IdentityProviderOptions } from './domain/access/identity-provider.js';
import { FailedAuthenticationLimit, defaultFailedAuthenticationLimit, defaultMaxClients, type FailedAuthenticationLimitOptions } from './domain/access/failed-authentication-limit.js';
import { defaultOperationLimits, type OperationLimits } from './domain/operation/limits.js';
import { PdfLinks, type PdfLinkOptions } from './domain/pdf/pdf-links.js';
import { RateLimiter, type RateLimitOptions } from './domain/access/rate-limit.js';
import { createHandlers, type HandlersOptions } from './handlers/handlers.js';
import { CorsPolicy, type CorsOptions } from './pipeline/cors.js';
import { Pipeline, type ExtraRoutes } from './pipeline/pipeline.js';
import type { IdempotencyOptions } from './pipeline/idempotency.js';
import { StorageUsage } from './db/storage-usage.js';
import { StorageQuota, defaultStorageQuota, type StorageQuotaLimits } from './domain/operation/storage-quota.js';
import { routeTable } from './routes/table.js';
import { seedDatabase, type DemoCredential, type SeedName } from './seed/index.js';

export interface ReferenceServerOptions {
  /** `demo` (default): the documented demo data; `empty`: nothing. */
  seed?: SeedName;
  /** A database already filled (e.g. loaded from a data file); used as is, `seed` is ignored. */
  database?: Database;
  /** Path of the API, default `/v1`. */
  basePath?: string;
  /** Token signing: a secret of 32+ characters makes tokens survive restarts; issuer and audience. */
  tokens?: IdentityProviderOptions;
  /** Enables `/dev/admin/*` and sign-in by e-mail (header `x-admin-secret`); off when absent. */
  adminSecret?: string;
  /**
   * Whether the published demo keys (`msk_demo_…`) are accepted; default true. When false, the
   * demo seed gives its users generated keys (see `generatedCredentials`) and every `msk_demo_`
   * key is refused, also one a database or data file already holds.
   */
  demoKeys?: boolean;
  /** Whether the admin secret may sign in as another user at `/dev/token`; default true (the Node server: loopback only). */
  adminSignIn?: boolean;
  /** Notices that must not go unseen (each sign-in as another user); default `console.warn`. */
  log?: (message: string) => void;
  /** Bounds on the work of one request, e.g. `{ bakeEntries: 10_000 }` (the default). */
  limits?: Partial<OperationLimits>;
  /**
   * Failed authentications allowed per client address (Node server only) before 429 with
   * Retry-After; `false` turns the limit off. Default 30 a minute, except on the in-memory demo
   * seed, whose tests try bad credentials by the dozen from one address: off there.
   */
  failedAuthenticationLimit?: FailedAuthenticationLimitOptions | false;
  /** Bounds of the answers kept for Idempotency-Key replays; defaults in `defaultIdempotencyLimits`. */
  idempotency?: IdempotencyOptions;
  /** Per-organization storage quota; defaults in `defaultStorageQuota` (100,000 calendar entries, 100 MiB of JSON). */
  storageQuota?: Partial<StorageQuotaLimits>;
  /** Per-credential rate limit (off when absent). */
  rateLimit?: RateLimitOptions;
  /** Signed PDF links: allowed app and web URLs, signing secret, lifetime, renderer. */
  pdf?: PdfLinkOptions;
  /** Origins whose browser pages may call the server; default any port on localhost and 127.0.0.1. */
  cors?: CorsOptions;
  /** Pages outside the API after the development routes (the Node server's home page and API reference). */
  pages?: ExtraRoutes;
  /** Runs before every answer is sent (the Node server syncs its data file here). */
  beforeAnswer?: () => void;
  /** The clock; default the real one. */
  now?: () => Date;
  /** SHA-256 of API keys (hex); default Web Crypto. The node:http server passes node:crypto's. */
  hashApiKey?: ApiKeyHasher;
  /** Sees unexpected errors; default prints them to the console with the request id. */
  onError?: (error: unknown, requestId: string) => void;
}

export interface ReferenceServer {
  db: Database;
  pipeline: Pipeline;
  identityProvider: IdentityProvider;
  basePath: string;
  /** msw handlers for `setupServer(...handlers)` or a browser worker, matching any origin. */
  handlers: ReturnType<typeof createHandlers>;
  /** The same handlers for one origin, e.g. `createHandlersFor({ origin: 'https://api.test' })`. */
  createHandlersFor(options: HandlersOptions): ReturnType<typeof createHandlers>;
  /** The keys the demo seed generated when demo keys are off: shown once, stored only as hashes. */
  generatedCredentials: DemoCredential[];
}

/**
 * The whole service in-process: database (seeded), pipeline over the route table, development
 * routes and msw handlers. The node:http server and the mock server both start from this.
 */
export async function createReferenceServer(options: ReferenceServerOptions = {}): Promise<ReferenceServer> {
  const db = options.database ?? createDatabase();
  const demoKeys = options.demoKeys ?? true;
  const generatedCredentials = options.database ? [] : await seedDatabase(db, options.seed ?? 'demo', { demoKeys });
  const now = options.now ?? (() => new Date());
  const newId = () => newObjectId(now());
  // Tokens are minted and checked by the server's clock (injectable), like everything else.
  const identityProvider = new IdentityProvider({ now: () => now().getTime(), ...options.tokens });
  const basePath = options.basePath ?? '/v1';
  const failedAuthenticationLimit = failedAuthenticationLimitOf(options, () => now().getTime());
  const devRoutes = createDevRoutes({
    db,
    now,
    newId,
    identityProvider,
    adminSecret: options.adminSecret,
    demoKeys,
    adminSignIn: options.adminSignIn ?? true,
    failedAuthenticationLimit,
    log: options.log ?? ((message) => console.warn(message)),
  });
  const pipeline = new Pipeline({
    db,
    authenticator: new Authenticator(db, identityProvider, options.hashApiKey, demoKeys),
    routes: routeTable,
    basePath,
    now,
    newId,
    rateLimiter: options.rateLimit ? new RateLimiter(options.rateLimit) : undefined,
    failedAuthenticationLimit,
    pdfLinks: new PdfLinks(options.pdf),
    limits: { ...defaultOperationLimits, ...options.limits },
    // Kept answers expire by the server's clock (injectable), so that tests can pin it.
    idempotency: { now: () => now().getTime(), ...options.idempotency },
    storageQuota: new StorageQuota(new StorageUsage(db), { ...defaultStorageQuota, ...options.storageQuota }),
    extraRoutes: withPages(devRoutes, options.pages),
    beforeAnswer: options.beforeAnswer,
    cors: new CorsPolicy(options.cors),
    onError: options.onError ?? ((error, requestId) => console.error(`[medsched] request ${requestId} failed:`, error)),
  });
  const createHandlersFor = (handlerOptions: HandlersOptions) => createHandlers(pipeline, basePath, handlerOptions);
  return { db, pipeline, identityProvider, basePath, handlers: createHandlersFor({}), createHandlersFor, generatedCredentials };
}

/** The development routes first, then the pages, if any. */
function withPages(devRoutes: ExtraRoutes, pages: ExtraRoutes | undefined): ExtraRoutes {
  return pages ? async (request, requestId) => (await devRoutes(request, requestId)) ?? pages(request, requestId) : devRoutes;
}

/** The failed-authentication limit the options ask for (see `failedAuthenticationLimit`). */
function failedAuthenticationLimitOf(options: ReferenceServerOptions, clock: () => number): FailedAuthenticationLimit | undefined {
  const asked = options.failedAuthenticationLimit;
  if (asked === false) return undefined;
  if (asked !== undefined) return new FailedAuthenticationLimit(asked, defaultMaxClients, clock);
  // Off only where the published demo keys work anyway (the in-memory demo on a developer's machine).
  const inMemoryDemo = !options.database && (options.seed ?? 'demo') === 'demo' && options.demoKeys !== false;
  return inMemoryDemo ? undefined : new FailedAuthenticationLimit(defaultFailedAuthenticationLimit, defaultMaxClients, clock);
}
