import type { Caller } from '../domain/access/caller.js';
import type { OperationContext } from '../domain/operation/context.js';
import { defaultOperationLimits } from '../domain/operation/limits.js';
import { linkHeader, type Page } from '../domain/operation/pagination.js';
import { ProblemError, forbidden } from '../domain/operation/problems.js';
import { RateLimiter, type RateLimitOptions } from '../domain/access/rate-limit.js';
import type { Route } from '../routes/route.js';
import { Router } from '../routes/router.js';
import { IdempotencyStep } from './idempotency.js';
import { authenticateRequest } from './authentication-step.js';
import type { ApiRequest, ApiResponse } from './messages.js';
import { fillBody, fillQuery, rawQueryOf, readsBody, type OperationInput } from './operation-input.js';
import type { PipelineOptions } from './pipeline-options.js';
import { problemResponse } from './problem-response.js';
import { AnswerCache } from './answer-cache.js';
import { requestIdOf } from './request-id.js';
import { validatePath } from './validation.js';

export type { ExtraRoutes, PipelineOptions } from './pipeline-options.js';

/** A route with the path parameters checked against its schema. */
interface ResolvedPath {
  route: Route;
  params: unknown;
}
/** Read paths whose route and parameters are kept (see `Pipeline#resolve`). */
const maxKnownReadPaths = 4096;

/** The headers of a JSON answer; the rate-limit fields first, as before. */
function answerHeaders(limitHeaders: Record<string, string> | undefined, requestId: string): Record<string, string> {
  if (limitHeaders === undefined) return { 'content-type': 'application/json', 'x-request-id': requestId };
  return { ...limitHeaders, 'content-type': 'application/json', 'x-request-id': requestId };
}

/** Methods whose operations store data (creates, replaces, updates, bakes): checked against the storage quota. */
const storingMethods = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The one way every request goes, whatever the binding: request id → CORS (preflights answered
 * here, headers added to every answer) → authenticate → route →
 * validate (the SDK's schemas) → authorize (the route's roles) → operate (domain) → serialize.
 */
export class Pipeline {
  readonly router: Router;
  readonly routes: readonly Route[];
  /** Repeated writes with the same Idempotency-Key get the first answer (pipeline/idempotency.ts). */
  readonly idempotency: IdempotencyStep;
  /** Serialized answers of reads by id, per record version (pipeline/answer-cache.ts). */
  readonly answers = new AnswerCache();
  /** `/v1/`: paths under it are the API's. */
  readonly #apiPrefix: string;
  /** Routes and checked parameters of read paths seen lately (see `#resolve`). */
  readonly #readPaths = new Map<string, ResolvedPath>();

  constructor(private readonly options: PipelineOptions) {
    this.idempotency = new IdempotencyStep(options.idempotency);
    this.routes = options.routes;
    this.router = new Router(options.routes);
    this.#apiPrefix = `${options.basePath}/`;
  }

  /**
   * Switches the per-credential rate limit on (or off with undefined) for the running pipeline,
   * with fresh counters: the mock server's `rateLimit()` scenario uses the real limiter this way.
   */
  limitRate(options: RateLimitOptions | undefined): void {
    this.options.rateLimiter = options ? new RateLimiter(options) : undefined;
  }

  async handle(request: ApiRequest): Promise<ApiResponse> {
    return this.respond(request);
  }

  /**
   * {@link handle} for bindings that can take an answer at once (node:http): the answer itself
   * when no step had to wait (a read by id with an API key), else a promise of it. Every step
   * runs in the same order either way; failures become answers, as in `handle`.
   */
  respond(request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    const requestId = requestIdOf(request);
    let answer: ApiResponse | Promise<ApiResponse>;
    try {
      answer = this.#route(request, requestId);
    } catch (error) {
      answer = this.#failure(error, requestId);
    }
    if (answer instanceof Promise) {
      return answer.then(
        (settled) => this.#finish(request, settled, requestId),
        (error: unknown) => this.#finish(request, this.#failure(error, requestId), requestId),
      );
    }
    return this.#finish(request, answer, requestId);
  }

  #finish(request: ApiRequest, answer: ApiResponse, requestId: string): ApiResponse {
    // Whatever this or an earlier request wrote is made durable before anyone sees it.
    try {
      this.options.beforeAnswer?.();
    } catch (error) {
      answer = this.#failure(error, requestId);
    }
    // Answers carry patient data: no cache keeps them, and no browser guesses another type.
    const headers = answer.headers;
    if (headers['cache-control'] === undefined) headers['cache-control'] = 'no-store';
    headers['x-content-type-options'] = 'nosniff';
    return this.options.cors ? this.options.cors.decorate(request, answer) : answer;
  }

  /** Throws problems (or returns a rejected promise); `respond` turns them into answers. */
  #route(request: ApiRequest, requestId: string): ApiResponse | Promise<ApiResponse> {
    // A browser's preflight carries no credential: it is answered before anything else.
    const preflight = this.options.cors?.preflight(request, requestId);
    if (preflight) return preflight;
    const { basePath } = this.options;
    const inApi = request.pathname === basePath || request.pathname.startsWith(this.#apiPrefix);
    if (!inApi) return this.#outsideApi(request, requestId);
    return this.#handleApi(request, request.pathname.slice(basePath.length), requestId);
  }

  async #outsideApi(request: ApiRequest, requestId: string): Promise<ApiResponse> {
    // HEAD is answered as GET (same status and headers, content-length included); the
    // bindings send no body for it.
    const routed: ApiRequest = request.method === 'HEAD' ? { ...request, method: 'GET' } : request;
    const answer = (await this.options.pdfLinks.serve(this.options.db, routed, requestId, this.options.now())) ?? (await this.options.extraRoutes?.(routed, requestId));
    if (answer) return answer;
    throw new ProblemError('not_found', `no route ${request.pathname}; the API lives under ${this.options.basePath}`);
  }

  #handleApi(request: ApiRequest, path: string, requestId: string): ApiResponse | Promise<ApiResponse> {
    // Authentication comes first: without a valid credential nothing else is revealed.
    const caller = authenticateRequest(this.options.authenticator, this.options.failedAuthenticationLimit, request);
    if (caller instanceof Promise) return caller.then((resolved) => this.#authenticated(request, path, requestId, resolved));
    return this.#authenticated(request, path, requestId, caller);
  }

  #authenticated(request: ApiRequest, path: string, requestId: string, caller: Caller): ApiResponse | Promise<ApiResponse> {
    const limitHeaders = this.options.rateLimiter?.take(caller, this.options.now().getTime());
    return this.idempotency.run(request, caller, requestId, (replayable) => this.#operate(replayable, path, requestId, caller, limitHeaders));
  }

  #operate(request: ApiRequest, path: string, requestId: string, caller: Caller, limitHeaders: Record<string, string> | undefined): ApiResponse | Promise<ApiResponse> {
    const { route, params } = this.#resolve(request, path);
    const { operation } = route;
    const input: OperationInput = { params, query: undefined, body: undefined };
    const rawQuery = rawQueryOf(request);
    // Operations that read a body wait for it; the others go on at once, in the same order of checks.
    if (readsBody(operation)) {
      return fillBody(request, route, input, rawQuery).then(() => this.#run(request, route, input, requestId, caller, limitHeaders));
    }
    fillQuery(route, input, rawQuery);
    return this.#run(request, route, input, requestId, caller, limitHeaders);
  }

  /**
   * The route of a request and its checked path parameters. Reads (GET, HEAD) of paths seen
   * lately are answered from {@link #readPaths}: the route and the parameters depend on the
   * path alone, and a read by id is otherwise a trie walk and a regex check on every request.
   */
  #resolve(request: ApiRequest, path: string): ResolvedPath {
    const reading = request.method === 'GET' || request.method === 'HEAD';
    const known = reading ? this.#readPaths.get(path) : undefined;
    if (known !== undefined) return known;
    const match = this.router.match(request.method, path);
    if (match.kind === 'not-found') throw new ProblemError('not_found', `no route ${request.method} ${request.pathname}`);
    if (match.kind === 'method-not-allowed') {
      throw new ProblemError('method_not_allowed', `${request.method} is not allowed here; use ${match.allow.join(', ')}`, {
        headers: { allow: match.allow.join(', ') },
      });
    }
    const { route } = match;
    const params = route.operation.params ? validatePath(route.operation.params, match.params) : undefined;
    const resolved: ResolvedPath = { route, params: params === undefined ? undefined : Object.freeze(params) };
    if (reading) {
      // Bounded: a client walking through many ids only empties it now and then.
      if (this.#readPaths.size >= maxKnownReadPaths) this.#readPaths.clear();
      this.#readPaths.set(path, resolved);
    }
    return resolved;
  }

  /** Authorize → operate (domain) → serialize. */
  #run(request: ApiRequest, route: Route, input: OperationInput, requestId: string, caller: Caller, limitHeaders: Record<string, string> | undefined): ApiResponse | Promise<ApiResponse> {
    const { operation } = route;
    if (!route.roles.includes(caller.role)) {
      throw forbidden(`role ${caller.role} may not call ${operation.id}`);
    }
    // Writes that store data must fit the organization's quota; deletes and unbakes always run.
    if (operation.method !== 'GET' && this.options.storageQuota && storingMethods.has(operation.method)) {
      this.options.storageQuota.check(caller.organizationId, {
        calendarEntries: operation.id === 'calendars.create' ? 1 : 0,
        bytes: input.body === undefined ? 0 : JSON.stringify(input.body).length,
      });
    }

    const ctx: OperationContext = {
      db: this.options.db,
      caller,
      now: this.options.now,
      newId: this.options.newId,
      origin: request.origin,
      pdfLinks: this.options.pdfLinks,
      limits: this.options.limits ?? defaultOperationLimits,
      storageQuota: this.options.storageQuota,
    };
    const byRecord = route.byRecord;
    if (byRecord) {
      // A read of one record: its serialized answer is kept per record version (answer-cache.ts).
      const record = byRecord.read(ctx, input);
      const answerOf = (read: object): ApiResponse => {
        const kept = this.answers.answer(caller.organizationId, read, byRecord.present);
        return { status: operation.status, headers: answerHeaders(limitHeaders, requestId), body: kept.body, contentLength: kept.contentLength };
      };
      return record instanceof Promise ? record.then(answerOf) : answerOf(record);
    }
    const result = route.operate(ctx, input);
    if (result instanceof Promise) return result.then((settled) => this.#serialize(request, operation, settled, requestId, limitHeaders));
    return this.#serialize(request, operation, result, requestId, limitHeaders);
  }

  #serialize(request: ApiRequest, operation: Route['operation'], result: unknown, requestId: string, limitHeaders: Record<string, string> | undefined): ApiResponse {
    const headers = answerHeaders(limitHeaders, requestId);
    if (operation.paginated) {
      const page = result as Page<unknown>;
      headers['x-total-count'] = String(page.total);
      headers.link = linkHeader(new URL(request.pathname + request.search, request.origin), page);
      return { status: operation.status, headers, body: JSON.stringify(page.items) };
    }
    return { status: operation.status, headers, body: JSON.stringify(result) };
  }

  #failure(error: unknown, requestId: string): ApiResponse {
    if (error instanceof ProblemError) return problemResponse(error, requestId);
    this.options.onError(error, requestId);
    return problemResponse(new ProblemError('internal', `an unexpected error occurred; quote request id ${requestId} when reporting it`), requestId);
  }
}
