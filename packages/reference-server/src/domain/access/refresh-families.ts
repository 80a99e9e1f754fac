/**
 * Refresh-token rotation with reuse detection (OAuth 2.0 Security BCP, RFC 9700 §4.14.2): every
 * sign-in starts a family; each refresh token of a family can be used once, and the refresh that
 * uses it gets the family's next token. A token used again (a copy in another hand) revokes the
 * whole family: its refresh and access tokens are refused from then on.
 *
 * Bounded: at most {@link familiesPerAccount} families per account (its oldest go first, so one
 * account's sign-ins never push out another's) and {@link maxFamilies} in all. A family that was
 * dropped, or started before this server did (with a configured `--token-secret`, tokens outlive
 * a restart), is unknown: a token of a family started before this server is taken once and the
 * family starts again here; one of a dropped family is refused (sign in again).
 */
export const familiesPerAccount = 50;
export const maxFamilies = 100_000;

interface Family {
  account: string;
  /** The jti of the one refresh token that may still be used; undefined once revoked. */
  current: string | undefined;
}

export type RefreshCheck = 'ok' | 'reused' | 'unknown';

export class RefreshFamilies {
  readonly #families = new Map<string, Family>();
  readonly #byAccount = new Map<string, string[]>();

  constructor(private readonly startedAtSeconds: number) {}

  /** Notes a new family (a sign-in) and its first refresh token. */
  start(family: string, account: string, jti: string): void {
    let families = this.#byAccount.get(account);
    if (!families) this.#byAccount.set(account, (families = []));
    families.push(family);
    if (families.length > familiesPerAccount) this.#families.delete(families.shift()!);
    if (this.#families.size >= maxFamilies) {
      const oldest = this.#families.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
    this.#families.set(family, { account, current: jti });
  }

  /**
   * Uses refresh token `jti` of `family` (issued at `issuedAt`, seconds): `ok` and the family
   * moves to `next`; `reused` (the family is revoked now) or `unknown`.
   */
  use(family: string, account: string, jti: string, issuedAt: number, next: string): RefreshCheck {
    const known = this.#families.get(family);
    if (!known) {
      if (issuedAt >= this.startedAtSeconds) return 'unknown';
      this.start(family, account, next);
      return 'ok';
    }
    if (known.current === undefined || known.current !== jti) {
      known.current = undefined;
      return 'reused';
    }
    known.current = next;
    return 'ok';
  }

  /** Whether tokens of the family are refused (revoked after a reuse). Unknown families are not revoked. */
  revoked(family: string): boolean {
    const known = this.#families.get(family);
    return known !== undefined && known.current === undefined;
  }

  #drop(family: string): void {
    const known = this.#families.get(family);
    this.#families.delete(family);
    if (!known) return;
    const families = this.#byAccount.get(known.account);
    const index = families?.indexOf(family) ?? -1;
    if (families && index !== -1) families.splice(index, 1);
    if (families?.length === 0) this.#byAccount.delete(known.account);
  }
}
