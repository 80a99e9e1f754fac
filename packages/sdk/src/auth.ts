/** A bearer token, or a function that returns the current one (e.g. from your session store). */
export type TokenSource = string | (() => string | Promise<string>);

export interface CredentialOptions {
  /** Sent as `x-api-key`. */
  apiKey?: string | undefined;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: TokenSource | undefined;
  /** Called once when a bearer request gets 401; the request is then retried with the token it returns. */
  refreshToken?: (() => string | Promise<string>) | undefined;
}

/**
 * Holds the credentials in private fields, so that neither `console.log(client)`,
 * `JSON.stringify` nor an error's properties can show them.
 */
export class Credentials {
  readonly #apiKey: string | undefined;
  readonly #token: TokenSource | undefined;
  readonly #refreshToken: (() => string | Promise<string>) | undefined;
  #refreshed: string | undefined;
  #pendingRefresh: Promise<string> | undefined;

  constructor(options: CredentialOptions) {
    this.#apiKey = options.apiKey;
    this.#token = options.token;
    this.#refreshToken = options.refreshToken;
  }

  /** Whether requests carry a bearer token that a refresh could renew. */
  get canRefresh(): boolean {
    return this.#refreshToken !== undefined && (this.#token !== undefined || this.#refreshed !== undefined);
  }

  /** The authentication headers for the next request. */
  async headers(): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    if (this.#apiKey !== undefined) headers['x-api-key'] = this.#apiKey;
    const token = await this.#currentToken();
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  /** Asks the refresh hook for a new token; concurrent callers share one refresh. */
  async refresh(): Promise<void> {
    if (this.#refreshToken === undefined) return;
    this.#pendingRefresh ??= Promise.resolve(this.#refreshToken()).finally(() => {
      this.#pendingRefresh = undefined;
    });
    this.#refreshed = await this.#pendingRefresh;
  }

  async #currentToken(): Promise<string | undefined> {
    if (this.#refreshed !== undefined) return this.#refreshed;
    if (typeof this.#token === 'function') return await this.#token();
    return this.#token;
  }

  toJSON(): Record<string, string> {
    return { apiKey: this.#apiKey ? '[redacted]' : 'none', token: this.#token ? '[redacted]' : 'none' };
  }
}
