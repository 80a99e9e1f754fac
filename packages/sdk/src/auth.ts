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
  /** What the refresh hook returned, and the token that had failed before it. */
  #refreshed: string | undefined;
  #failed: string | undefined;
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

  /** Whether requests carry a bearer token (given, or from a refresh): a header that may change between attempts. */
  get usesToken(): boolean {
    return this.#token !== undefined || this.#refreshToken !== undefined;
  }

  /** Sets `x-api-key`, when the client has an API key. */
  addApiKey(headers: Headers): void {
    if (this.#apiKey !== undefined) headers.set('x-api-key', this.#apiKey);
  }

  /** Sets `Authorization: Bearer` to the current token, once it is known (a token function may be async). */
  async addToken(headers: Headers): Promise<void> {
    const token = await this.#currentToken();
    if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
  }

  /**
   * Asks the refresh hook for a new token after `failedToken` got 401; concurrent callers share
   * one refresh. Rejects with whatever the hook threw (the transport wraps it).
   */
  async refresh(failedToken: string | undefined): Promise<void> {
    if (this.#refreshToken === undefined) return;
    // A request sent before a refresh that has since finished: its token is already replaced, and
    // the call is sent again with the new one. Asking the hook again would spend a refresh token.
    if (this.#pendingRefresh === undefined && this.#refreshed !== undefined && this.#refreshed !== failedToken && failedToken === this.#failed) return;
    const hook = this.#refreshToken;
    this.#pendingRefresh ??= Promise.resolve()
      .then(() => hook())
      .finally(() => {
        this.#pendingRefresh = undefined;
      });
    this.#refreshed = await this.#pendingRefresh;
    this.#failed = failedToken;
  }

  /**
   * A token function stays the source of truth: the refreshed token only stands in while the
   * app still hands out the one that failed (e.g. it stores the new one a moment later). An app
   * that switches users is never answered with the previous user's token.
   */
  async #currentToken(): Promise<string | undefined> {
    if (typeof this.#token === 'function') {
      const current = await this.#token();
      return this.#refreshed !== undefined && current === this.#failed ? this.#refreshed : current;
    }
    return this.#refreshed ?? this.#token;
  }

  /** The bearer token the next request carries (to tell which token a 401 refused). */
  async currentToken(): Promise<string | undefined> {
    return this.#currentToken();
  }

  toJSON(): Record<string, string> {
    return { apiKey: this.#apiKey ? '[redacted]' : 'none', token: this.#token ? '[redacted]' : 'none' };
  }
}
