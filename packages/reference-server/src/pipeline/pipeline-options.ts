import type { Database } from '../db/database.js';
import type { Authenticator } from '../domain/access/authentication.js';
import type { FailedAuthenticationLimit } from '../domain/access/failed-authentication-limit.js';
import type { RateLimiter } from '../domain/access/rate-limit.js';
import type { OperationLimits } from '../domain/operation/limits.js';
import type { StorageQuota } from '../domain/operation/storage-quota.js';
import type { PdfLinks } from '../domain/pdf/pdf-links.js';
import type { Route } from '../routes/route.js';
import type { CorsPolicy } from './cors.js';
import type { IdempotencyOptions } from './idempotency.js';
import type { ApiRequest, ApiResponse } from './messages.js';

/** Answers requests outside the API's base path (the development routes), or declines with undefined. */
export type ExtraRoutes = (request: ApiRequest, requestId: string) => Promise<ApiResponse | undefined>;

export interface PipelineOptions {
  db: Database;
  authenticator: Authenticator;
  routes: readonly Route[];
  /** Path prefix of the API, `/v1`. */
  basePath: string;
  now: () => Date;
  newId: () => string;
  rateLimiter?: RateLimiter | undefined;
  /** Per-client limit on failed authentications (429 with Retry-After); off when absent. */
  failedAuthenticationLimit?: FailedAuthenticationLimit | undefined;
  pdfLinks: PdfLinks;
  /** Bounds on the work of one request (default {@link defaultOperationLimits}). */
  limits?: OperationLimits | undefined;
  extraRoutes?: ExtraRoutes | undefined;
  /** Cross-origin access for browsers: preflights and CORS headers (none when absent). */
  cors?: CorsPolicy | undefined;
  /** Bounds of the answers kept for Idempotency-Key replays (bytes, share per credential, keep time). */
  idempotency?: IdempotencyOptions | undefined;
  /** Per-organization storage quota, checked before every write that stores data (none when absent). */
  storageQuota?: StorageQuota | undefined;
  /** Runs before every answer is sent: the persistence layer makes the writes so far durable. */
  beforeAnswer?: (() => void) | undefined;
  /** Sees unexpected errors (bugs); the client only gets a 500 with the request id. */
  onError: (error: unknown, requestId: string) => void;
}
