/**
 * Serialized answers of reads by id, kept per record version: a record read again and again
 * (the hot path of `GET /calendars/{id}`) is turned into its answer and `JSON.stringify`-ed
 * once, not on every request. The key is the record object itself: the tables replace a record
 * with a new object on every write and never change one in place (db/table.ts), so a write
 * makes the next read miss (invalidation needs no hook), and a deleted record is never read.
 *
 * Bounded per tenant: each organization keeps at most {@link answersPerOrganization} answers,
 * its oldest going first, so one tenant's reads never push out another's.
 */

/** Answers kept per organization: about 1 KiB each for a calendar entry. */
export const answersPerOrganization = 512;

export interface CachedAnswer {
  /** The JSON text sent. */
  body: string;
  /** Its length in UTF-8 bytes, as the `content-length` value. */
  contentLength: string;
}

/** UTF-8 length of a string without encoding it (Web APIs only: this runs in browsers too). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    // A surrogate pair is 4 bytes for 2 code units; a lone surrogate becomes U+FFFD, 3 bytes.
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

export class AnswerCache {
  readonly #byOrganization = new Map<string, Map<object, CachedAnswer>>();

  /** The serialized answer for `record`, made with `present` on a miss. */
  answer(organizationId: string, record: object, present: (record: never) => unknown): CachedAnswer {
    let answers = this.#byOrganization.get(organizationId);
    const kept = answers?.get(record);
    if (kept !== undefined) return kept;
    const body = JSON.stringify(present(record as never));
    const made = { body, contentLength: String(utf8Length(body)) };
    if (!answers) this.#byOrganization.set(organizationId, (answers = new Map()));
    if (answers.size >= answersPerOrganization) answers.delete(answers.keys().next().value!);
    answers.set(record, made);
    return made;
  }

  /** Forgets every kept answer. */
  clear(): void {
    this.#byOrganization.clear();
  }
}
