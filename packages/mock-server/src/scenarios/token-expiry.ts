import type { IdentityProvider } from '@medsched/reference-server';

/** The unverified claims of a JWT: only to recognise a token, never to trust it. */
function claimsOf(token: string): { sub?: string; iat?: number } | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as { sub?: string; iat?: number };
  } catch {
    return undefined;
  }
}

const bearerOf = (request: Request): string | undefined => /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];

/**
 * `mock.expireTokens()`: every bearer token in circulation at that moment stops working, and
 * tokens issued afterwards (a refresh, a new sign-in) work. The 401 itself comes from the
 * reference server: the request goes on with a really expired token for the same account,
 * signed by the same identity provider, so the answer is exactly what an expired token gets.
 */
export class TokenExpiry {
  /** Tokens the mock has seen or issued since the last expiry (the ones "in circulation"). */
  #circulating = new Set<string>();
  readonly #expired = new Set<string>();
  /** JWT `iat` has second resolution: tokens issued before this second are expired too. */
  #cutoffSeconds = -Infinity;

  constructor(private readonly identityProvider: IdentityProvider) {}

  /** Notes a token the mock handed out (`mock.signIn`) or saw in a request. */
  note(token: string): void {
    if (!this.#expired.has(token)) this.#circulating.add(token);
  }

  expireAll(now = Date.now()): void {
    for (const token of this.#circulating) this.#expired.add(token);
    this.#circulating.clear();
    this.#cutoffSeconds = Math.floor(now / 1000);
  }

  /** Ends the expiry (`mock.clearScenarios()`): the tokens expired so far work again, until their own expiry. */
  clear(): void {
    this.#expired.clear();
    this.#cutoffSeconds = -Infinity;
  }

  /** The request as the reference server should see it: with an expired token where the test expired it. */
  async apply(request: Request): Promise<Request> {
    const token = bearerOf(request);
    if (!token) return request;
    if (!this.#isExpired(token)) {
      this.note(token);
      return request;
    }
    const subject = claimsOf(token)?.sub;
    if (!subject) return request;
    const { accessToken } = await this.identityProvider.issue(subject, -60);
    const headers = new Headers(request.headers);
    headers.set('authorization', `Bearer ${accessToken}`);
    // A fresh Request rather than new Request(request, …): copying a streamed body needs
    // `duplex` in Node and is not allowed in every browser; the bytes are small.
    const body = request.body ? await request.arrayBuffer() : undefined;
    return new Request(request.url, { method: request.method, headers, body });
  }

  #isExpired(token: string): boolean {
    if (this.#expired.has(token)) return true;
    const issuedAt = claimsOf(token)?.iat;
    return issuedAt !== undefined && issuedAt < this.#cutoffSeconds;
  }
}
