import { createClient, type ClientOptions, type MedschedClient } from '@medsched/sdk';
import type { UserRole } from '@medsched/sdk/schemas';
import type { DemoUserOptions } from './demo-users.js';
import type { MockCredential } from './seed-factories.js';

export interface AsOptions extends DemoUserOptions {
  /** Options for the SDK client; default `maxRetries: 0`, so that forced failures surface at once. */
  client?: Partial<Omit<ClientOptions, 'apiKey' | 'token'>>;
}

export interface SignInOptions extends AsOptions {
  /** Lifetime of the access token in seconds (default 3600). */
  ttlSeconds?: number;
}

/** A user to call the API as: its credential, ready-made headers and an SDK client. */
export interface MockUser {
  credential: MockCredential;
  headers: Record<string, string>;
  client: MedschedClient;
}

export interface SignedInUser extends MockUser {
  accessToken: string;
  refreshToken: string;
}

/** A demo role, or a credential made with `mock.seed.credential(user)`. */
export type Who = UserRole | MockCredential;

/** The token pair of a signed-in user. */
interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * An SDK client for a signed-in user that refreshes through `POST /dev/token/refresh` after a
 * 401; a failed refresh says why (a user made in a test ends with `mock.reset()`).
 */
export function refreshingClient(baseUrl: string, credential: MockCredential, pair: TokenPair, clientOptions: AsOptions['client']): MedschedClient {
  let tokens = { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
  const refresh = async (): Promise<string> => {
    const response = await fetch(new URL('/dev/token/refresh', baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    });
    if (!response.ok) {
      throw new Error(
        `refreshing the token of ${credential.email} failed with ${response.status}: ${await response.text()} ` +
          '(a user made in a test, e.g. with mock.seed, ends with mock.reset(): sign in again in the test that made it)',
      );
    }
    tokens = (await response.json()) as typeof tokens;
    return tokens.accessToken;
  };
  return createClient({ baseUrl, maxRetries: 0, ...clientOptions, token: () => tokens.accessToken, refreshToken: refresh });
}

/** `as()` clients by API key: an SDK client holds no state of its own, and making one costs more than a call. */
export class ApiKeyClients {
  readonly #clients = new Map<string, MedschedClient>();

  constructor(private readonly baseUrl: string) {}

  /** A cached client for an API key (a new one when the test passes client options). */
  for(apiKey: string, clientOptions: AsOptions['client']): MedschedClient {
    if (clientOptions) return createClient({ baseUrl: this.baseUrl, maxRetries: 0, ...clientOptions, apiKey });
    let client = this.#clients.get(apiKey);
    if (!client) {
      // Keys made by mock.seed.credential() are new in every test: keep the cache small.
      if (this.#clients.size >= 64) this.#clients.clear();
      client = createClient({ baseUrl: this.baseUrl, maxRetries: 0, apiKey });
      this.#clients.set(apiKey, client);
    }
    return client;
  }
}
