const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Distinct addresses given their own made-up address; past them, one shared address (memory stays bounded). */
export const maxRedactedAddresses = 100_000;

/**
 * Replaces e-mail addresses by made-up ones, the same address always by the same one (case
 * ignored), so that a recording stays consistent: a user's address in a list and in the
 * exchanges file is the same made-up address. Past {@link maxRedactedAddresses} distinct
 * addresses, further ones all become `person@redacted.example`: still never the real one.
 */
export class EmailRedactor {
  readonly #addresses = new Map<string, string>();

  /** The made-up address for `email`. */
  address(email: string): string {
    const key = email.toLowerCase();
    let redacted = this.#addresses.get(key);
    if (!redacted) {
      if (this.#addresses.size >= maxRedactedAddresses) return 'person@redacted.example';
      redacted = `person${this.#addresses.size + 1}@redacted.example`;
      this.#addresses.set(key, redacted);
    }
    return redacted;
  }

  /** `text` with every address in it replaced. */
  text(text: string): string {
    return text.replace(emailPattern, (email) => this.address(email));
  }
}
