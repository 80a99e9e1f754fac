import type { z } from 'zod';
import type { IdentityProvider } from '../domain/access/identity-provider.js';
import { ProblemError } from '../domain/operation/problems.js';
import { readJsonObject } from '../pipeline/json-body.js';
import type { ApiRequest, ApiResponse } from '../pipeline/messages.js';
import type { ExtraRoutes } from '../pipeline/pipeline.js';
import { validate } from '../pipeline/validation.js';
import { DeviceEventBody, DeviceRegisterBody, KeyCreateBody, KeyRevokeBody, createApiKey, listApiKeys, postDeviceEvent, registerDevice, revokeApiKey, type AdminContext } from './admin.js';
import { RefreshBody, SignInBody, refresh, signIn } from './token.js';
import { OrganizationCreateBody, createOrganization } from './organizations.js';
import type { FailedAuthenticationLimit } from '../domain/access/failed-authentication-limit.js';
import { demoKeysOffDetail, isDemoApiKey } from '../domain/access/demo-keys.js';

export interface DevRoutesOptions extends AdminContext {
  identityProvider: IdentityProvider;
  /** Guards `/dev/admin/*` and sign-in by e-mail; without it those routes answer 404. */
  adminSecret: string | undefined;
  /** Whether the published demo keys are accepted (sign-in with one, creating one). */
  demoKeys: boolean;
  /** Whether the admin secret may sign in as another user (off beyond loopback). */
  adminSignIn: boolean;
  /** Counts wrong admin secrets, API keys and refresh tokens here as on `/v1` (429 past the limit). */
  failedAuthenticationLimit: FailedAuthenticationLimit | undefined;
  /** Where sign-ins as another user are noted. */
  log: (message: string) => void;
}

/** Compares without an early exit, so that timing does not reveal how much of a guess was right. */
function sameSecret(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) difference |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return difference === 0;
}

/**
 * Development routes outside `/v1`: sign-in and refresh of the simulated identity provider
 * (`/dev/token`), and the administration routes the `medsched-server` commands call (`/dev/admin`).
 */
export function createDevRoutes(options: DevRoutesOptions): ExtraRoutes {
  const { db, identityProvider, adminSecret, failedAuthenticationLimit: limit } = options;

  // The development routes take secrets too (admin secret, API keys, refresh tokens): a client
  // guessing them is limited like one guessing on /v1, with the same counter.
  return async (request: ApiRequest, requestId: string): Promise<ApiResponse | undefined> => {
    if (!request.pathname.startsWith('/dev/')) return undefined;
    const client = limit ? request.client : undefined;
    if (client !== undefined) limit!.check(client, limit!.now());
    try {
      return await route(request, requestId);
    } catch (error) {
      if (client !== undefined && error instanceof ProblemError && error.code === 'unauthenticated') limit!.noteFailure(client, limit!.now());
      throw error;
    }
  };

  async function route(request: ApiRequest, requestId: string): Promise<ApiResponse | undefined> {
    const { pathname, method } = request;
    const given = request.header('x-admin-secret');
    const isAdmin = adminSecret !== undefined && given !== undefined && sameSecret(given, adminSecret);
    // A wrong secret counts as a failed authentication wherever it is sent.
    if (given !== undefined && !isAdmin && adminSecret !== undefined) {
      throw new ProblemError('unauthenticated', 'the admin secret in x-admin-secret is wrong', {
        headers: { 'www-authenticate': 'AdminSecret realm="medsched-dev", header="x-admin-secret"' },
      });
    }
    const body = async <S extends z.ZodType>(schema: S) => validate(schema, await readJsonObject(request), 'validation_failed', 'body');
    const answer = (status: number, value: unknown): ApiResponse => ({
      status,
      headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'cache-control': 'no-store' },
      body: JSON.stringify(value),
    });
    /** 405 unless the method is one of `allowed`, with all of them in `Allow` (RFC 9110). */
    const only = (...allowed: string[]) => {
      if (!allowed.includes(method)) throw new ProblemError('method_not_allowed', `use ${allowed.join(' or ')}`, { headers: { allow: allowed.join(', ') } });
    };

    if (pathname === '/dev/token') {
      only('POST');
      return answer(
        200,
        await signIn(db, identityProvider, await body(SignInBody), { hasAdminSecret: isAdmin, demoKeys: options.demoKeys, adminSignIn: options.adminSignIn, log: options.log, client: request.client }),
      );
    }
    if (pathname === '/dev/token/refresh') {
      only('POST');
      return answer(200, await refresh(db, identityProvider, await body(RefreshBody)));
    }
    if (!pathname.startsWith('/dev/admin/')) return undefined;
    if (adminSecret === undefined) return undefined;
    if (!isAdmin) {
      throw new ProblemError('unauthenticated', 'the administration routes need the admin secret in x-admin-secret (printed when the server starts)', {
        headers: { 'www-authenticate': 'AdminSecret realm="medsched-dev", header="x-admin-secret"' },
      });
    }
    if (pathname === '/dev/admin/keys') {
      only('GET', 'POST');
      if (method === 'GET') {
        const query = new URLSearchParams(request.search);
        const email = query.get('email');
        if (!email) throw new ProblemError('validation_failed', 'give ?email=', { errors: [{ path: 'email', message: 'required' }] });
        return answer(200, listApiKeys(options, email, query.get('organizationId') ?? undefined));
      }
      const keyBody = await body(KeyCreateBody);
      if (!options.demoKeys && keyBody.apiKey !== undefined && isDemoApiKey(keyBody.apiKey))
        throw new ProblemError('validation_failed', demoKeysOffDetail, { errors: [{ path: 'apiKey', message: 'demo keys are off on this server' }] });
      return answer(201, await createApiKey(options, keyBody));
    }
    if (pathname === '/dev/admin/keys/revoke') {
      only('POST');
      return answer(200, await revokeApiKey(options, await body(KeyRevokeBody)));
    }
    if (pathname === '/dev/admin/organizations') {
      only('POST');
      return answer(201, await createOrganization(options, await body(OrganizationCreateBody)));
    }
    if (pathname === '/dev/admin/devices') {
      only('POST');
      return answer(201, await registerDevice(options, await body(DeviceRegisterBody)));
    }
    const events = /^\/dev\/admin\/devices\/([0-9a-f]{24})\/events$/.exec(pathname);
    if (events) {
      only('POST');
      return answer(201, await postDeviceEvent(options, events[1]!, await body(DeviceEventBody)));
    }
    return undefined;
  }
}
