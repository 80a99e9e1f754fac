/** The error hierarchy: one class per kind of failure, each carrying what a caller needs and no credential. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  MedschedError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
  ValidationError,
} from '../src/index.js';
import { BASE, calendarEntry, ids } from './support/fixtures.js';
import { API_KEY, leaks, TOKEN } from './support/secrets.js';
import { problemResponse, testClient, useServer } from './support/server.js';
import { failure } from './support/failure.js';

const server = useServer();
/** Both credentials, so that any leak of either shows. No retries: each test sees the first answer. */
const client = testClient({ apiKey: API_KEY, token: TOKEN, maxRetries: 0 });

function answer(response: () => Response) {
  server.use(http.all(`${BASE}/*`, () => response()));
}

const cases = [
  { status: 400, code: 'validation_failed', Class: BadRequestError, name: 'BadRequestError' },
  { status: 401, code: 'unauthenticated', Class: AuthenticationError, name: 'AuthenticationError' },
  { status: 403, code: 'forbidden', Class: PermissionDeniedError, name: 'PermissionDeniedError' },
  { status: 404, code: 'not_found', Class: NotFoundError, name: 'NotFoundError' },
  { status: 409, code: 'conflict', Class: ConflictError, name: 'ConflictError' },
  { status: 429, code: 'rate_limited', Class: RateLimitError, name: 'RateLimitError' },
  { status: 500, code: 'internal', Class: InternalServerError, name: 'InternalServerError' },
] as const;

describe('HTTP errors', () => {
  it.each(cases)('$status raises $name with status, code, requestId and the problem document', async ({ status, code, Class, name }) => {
    const extra = status === 400 ? { errors: [{ path: 'date', message: 'must be YYYY-MM-DD' }] } : {};
    answer(() => problemResponse(status, code, `detail of ${code}`, { 'x-request-id': 'req_answer_1' }, extra));
    const error = await failure(client.calendars.get(ids.calendar));

    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(MedschedError);
    expect(error).toBeInstanceOf(Error);
    for (const other of cases) if (other.Class !== Class) expect(error).not.toBeInstanceOf(other.Class);
    const err = error as ApiError;
    expect(err.name).toBe(name);
    expect(err.status).toBe(status);
    expect(err.code).toBe(code);
    expect(err.requestId).toBe('req_answer_1');
    expect(err.method).toBe('GET');
    expect(err.path).toBe(`/calendars/${ids.calendar}`);
    expect(err.problem).toMatchObject({ status, code, detail: `detail of ${code}`, type: `https://docs.medsched.dev/errors/${code}` });
    if (status === 400) expect(err.problem?.errors).toEqual([{ path: 'date', message: 'must be YYYY-MM-DD' }]);
    expect(err.message).toContain(`detail of ${code}`);
    expect(err.message).toContain(String(status));
    expect(err.message).toContain('req_answer_1');
    expect(leaks(err)).toEqual([]);
  });

  it('429 carries retryAfter in seconds from Retry-After', async () => {
    answer(() => problemResponse(429, 'rate_limited', 'slow down', { 'retry-after': '1' }));
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(1);
    expect((error as RateLimitError).headers.get('retry-after')).toBe('1');
  });

  it('429 without Retry-After has retryAfter undefined', async () => {
    answer(() => problemResponse(429, 'rate_limited'));
    const error = await failure(client.medications.get(ids.medication));
    expect((error as RateLimitError).retryAfter).toBeUndefined();
  });

  it('other 5xx are InternalServerError too', async () => {
    answer(() => problemResponse(503, 'internal', 'maintenance'));
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(503);
  });

  it.each([405, 413, 415, 422])('%i is a BadRequestError', async (status) => {
    answer(() => problemResponse(status, 'unsupported_media_type'));
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as ApiError).status).toBe(status);
  });

  it('an unlisted 4xx is a plain ApiError', async () => {
    answer(() => new HttpResponse('no', { status: 418 }));
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(BadRequestError);
    expect((error as ApiError).code).toBe('http_418');
  });

  it('an answer that is not a problem document leaves problem undefined and still classifies', async () => {
    answer(() => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(InternalServerError);
    const err = error as InternalServerError;
    expect(err.problem).toBeUndefined();
    expect(err.code).toBe('http_502');
    expect(err.status).toBe(502);
    expect(err.requestId).toMatch(/^req_[0-9a-f]{24}$/); // the one the SDK sent, as the answer had none
  });

  it('the requestId is the answer header, else the one the SDK sent', async () => {
    let sent: string | null = null;
    server.use(
      http.all(`${BASE}/*`, ({ request }) => {
        sent = request.headers.get('x-request-id');
        return HttpResponse.json({ type: 'about:blank', title: 'Not found', status: 404, code: 'not_found' }, { status: 404 });
      }),
    );
    const error = (await failure(client.medications.get(ids.medication))) as NotFoundError;
    expect(sent).toMatch(/^req_/);
    expect(error.requestId).toBe(sent);
  });
});

describe('answers that are not problem documents', () => {
  it('a 502 HTML page from a proxy: http_502, and the start of the page kept on the error', async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1>${'x'.repeat(5000)}</body></html>`;
    server.use(http.all(`${BASE}/*`, () => new HttpResponse(page, { status: 502, headers: { 'content-type': 'text/html' } })));
    const error = (await failure(testClient({ maxRetries: 0 }).calendars.get(ids.calendar))) as ApiError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.code).toBe('http_502');
    expect(error.problem).toBeUndefined();
    expect(error.body).toBe(page.slice(0, 2048));
    expect(error.message).toContain('502 Bad Gateway');
    expect(error.message).not.toContain('no details given');
  });

  it('a problem document leaves body undefined', async () => {
    server.use(http.all(`${BASE}/*`, () => problemResponse(404, 'not_found', 'no such entry')));
    expect(((await failure(testClient().calendars.get(ids.calendar))) as ApiError).body).toBeUndefined();
  });
});

describe('errors without an HTTP answer', () => {
  it('a network failure (msw HttpResponse.error) raises ConnectionError', async () => {
    answer(() => HttpResponse.error());
    const error = await failure(client.medications.get(ids.medication));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toBeInstanceOf(MedschedError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as ConnectionError).code).toBe('connection_error');
    expect((error as ConnectionError).message).toContain(BASE);
    expect(leaks(error)).toEqual([]);
  });

  it('a fetch that rejects raises ConnectionError with the cause', async () => {
    const cause = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4010'), { code: 'ECONNREFUSED' }) });
    const rejecting = testClient({ apiKey: API_KEY, token: TOKEN, maxRetries: 0, fetch: async () => Promise.reject(cause) });
    const error = await failure(rejecting.calendars.list());
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).message).toContain('ECONNREFUSED');
    expect((error as ConnectionError).cause).toBe(cause);
    expect(leaks(error)).toEqual([]);
  });

  it('no answer within the timeout raises TimeoutError (a ConnectionError)', async () => {
    server.use(
      http.all(`${BASE}/*`, async ({ request }) => {
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, 2_000);
          request.signal.addEventListener('abort', () => (clearTimeout(timer), resolve(undefined)));
        });
        return HttpResponse.json(calendarEntry());
      }),
    );
    const error = await failure(client.calendars.get(ids.calendar, { timeout: 30 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toBeInstanceOf(MedschedError);
    expect((error as TimeoutError).code).toBe('timeout');
    expect((error as TimeoutError).message).toContain('30 ms');
    expect(leaks(error)).toEqual([]);
  });

  it('an aborted call raises AbortError', async () => {
    answer(() => HttpResponse.json(calendarEntry()));
    const error = await failure(client.calendars.get(ids.calendar, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(AbortError);
    expect(error).toBeInstanceOf(MedschedError);
    expect((error as AbortError).code).toBe('aborted');
  });
});

describe('local errors', () => {
  it('ValidationError and ResponseValidationError are MedschedErrors but not ApiErrors', async () => {
    const invalid = await failure(client.calendars.get('nope'));
    expect(invalid).toBeInstanceOf(ValidationError);
    expect(invalid).toBeInstanceOf(MedschedError);
    expect(invalid).not.toBeInstanceOf(ApiError);
    expect(leaks(invalid)).toEqual([]);

    answer(() => HttpResponse.json({ ...calendarEntry(), baked: 'yes' }));
    const mismatch = await failure(client.calendars.get(ids.calendar));
    expect(mismatch).toBeInstanceOf(ResponseValidationError);
    expect(mismatch).toBeInstanceOf(MedschedError);
    expect(mismatch).not.toBeInstanceOf(ApiError);
    expect(leaks(mismatch)).toEqual([]);
  });
});

describe('credentials never leak', () => {
  it('not from an error raised after a refresh with a token function', async () => {
    answer(() => problemResponse(401, 'unauthenticated', 'token expired', { 'www-authenticate': 'Bearer error="invalid_token"' }));
    const refreshed = testClient({ apiKey: API_KEY, token: () => Promise.resolve(TOKEN), refreshToken: () => Promise.resolve(`${TOKEN}-2`), maxRetries: 0 });
    const error = await failure(refreshed.calendars.update(ids.calendar, { amount: 2 }));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(leaks(error, [API_KEY, TOKEN, `${TOKEN}-2`, 'SECRET_'])).toEqual([]);
  });

  it('not from the client object itself', () => {
    // oxlint-disable-next-line typescript/no-base-to-string -- the point: what String() of the client shows must not hold the key
    const text = [JSON.stringify(client), String(client)].join('\n');
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(TOKEN);
    expect(leaks(client)).toEqual([]);
  });

  it('the leak detector does find a secret (so the checks above can fail)', () => {
    const bad = new MedschedError('oops', 'x');
    Object.defineProperty(bad, 'hidden', { value: { deep: [new Headers({ authorization: `Bearer ${TOKEN}` })] }, enumerable: false });
    expect(leaks(bad).length).toBeGreaterThan(0);
    expect(leaks(new MedschedError(`key ${API_KEY}`, 'x')).length).toBeGreaterThan(0);
  });
});

describe('error names in minified bundles', () => {
  it("each class names itself with a fixed string, not its constructor's name (which a minifier renames)", async () => {
    const sdk = await import('../src/index.js');
    const errorClasses = Object.entries(sdk).filter(([, value]) => typeof value === 'function' && (value === sdk.MedschedError || value.prototype instanceof sdk.MedschedError));
    expect(errorClasses.length).toBeGreaterThanOrEqual(15);
    for (const [exported, Class] of errorClasses) {
      // What a minifier does: the same class body under another name.
      const Renamed = { x: class extends (Class as new (...args: unknown[]) => Error) {} }.x;
      expect(Renamed.name).toBe('x');
      const instance = new Renamed(...argumentsFor(exported));
      expect({ exported, name: instance.name }).toEqual({ exported, name: exported });
    }
  });
});

/** Constructor arguments that build each error class. */
function argumentsFor(exported: string): unknown[] {
  const info = { status: 404, requestId: undefined, problem: undefined, headers: new Headers(), method: 'GET', path: '/x', retryAfter: undefined };
  if (exported === 'MedschedError') return ['m', 'c'];
  if (exported === 'ValidationError') return ['input', []];
  if (exported === 'ResponseValidationError') return ['op', [], { status: 200, requestId: undefined, body: null }];
  if (exported === 'ConnectionError' || exported === 'AbortError') return [];
  if (exported === 'TimeoutError') return [100];
  if (exported === 'RedirectError') return [info, 'http://elsewhere.example/'];
  if (exported === 'ResponseTooLargeError') return [info, 1024];
  if (exported === 'InvalidResponseError') return [info, 'text/html', '<html>'];
  return [info];
}
