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
import { utf8Length } from '../db/utf8-length.js';

/** Answers kept per organization: about 1 KiB each for a calendar entry. */
export const answersPerOrganization = 512;

export interface CachedAnswer {
  /** The JSON text sent. */
  body: string;
  /** Its length in UTF-8 bytes, as the `content-length` value. */
  contentLength: string;
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
    if (!answers) this.#byOrganization.set(organizationId, (answers = new Map<object, CachedAnswer>()));
    if (answers.size >= answersPerOrganization) answers.delete(answers.keys().next().value!);
    answers.set(record, made);
    return made;
  }

  /** Forgets every kept answer. */
  clear(): void {
    this.#byOrganization.clear();
  }
}
