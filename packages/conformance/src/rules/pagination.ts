import { expectStatus, expectThat, field, records } from '../expect.js';
import type { ProbeAnswer } from '../probe.js';
import { RuleSkip } from '../outcomes.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

const pageSize = 2;
const pagesWalked = 3;

function totalCount(answer: ProbeAnswer): number {
  const header = answer.headers.get('x-total-count');
  expectThat(header !== null && /^\d+$/.test(header), `${answer.line}: X-Total-Count should be a count, it is ${header === null ? 'missing' : `"${header}"`}`);
  return Number(header);
}

/** The entries of a list answer, each with the `id` and `createdAt` the order rules compare (a broken one blocks the rule: the contract rule reports it). */
function orderedEntries(answer: ProbeAnswer): Array<Record<string, unknown>> {
  const entries = records(answer);
  for (const entry of entries) {
    field(answer, entry, 'id', 'string');
    field(answer, entry, 'createdAt', 'string');
  }
  return entries;
}

/** Code-unit order, as the server sorts (localeCompare would follow the locale's collation). */
function compareText(a: unknown, b: unknown): number {
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareCreated(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const byTime = compareText(a.createdAt, b.createdAt);
  return byTime !== 0 ? byTime : compareText(a.id, b.id);
}

/**
 * `sortBy=createdAt:desc`: newest first, and entries created in the same millisecond (a bake
 * expands a series into several at once) by `id` ascending: the documented tie-break after the
 * `sortBy` keys keeps its own direction (docs/api-reference.md "Lists").
 */
function compareNewestFirst(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const byTime = compareText(b.createdAt, a.createdAt);
  return byTime !== 0 ? byTime : compareText(a.id, b.id);
}

/** Pages of a list fit together: no gap, no repeat, stable default order, headers that say how many. */
export const pages: ConformanceRule = {
  id: 'pagination.pages',
  title: 'Pages of GET /calendars/ join without gaps or repeats, in createdAt order, with X-Total-Count and Link',
  source: { interface: '§4 #5 and rules 3, 8; §8 Limits', decision: apiReferenceSection('Lists: pagination, filters, sorting') },
  writes: false,
  async run({ probe }) {
    const whole = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: pageSize * pagesWalked }, operation: 'calendars.list' });
    expectStatus(whole, 200, 'a list with a limit');
    const total = totalCount(whole);
    const expected = orderedEntries(whole);
    expectThat(expected.length === Math.min(total, pageSize * pagesWalked), `${whole.line}: ${expected.length} entries with limit ${pageSize * pagesWalked} and X-Total-Count ${total}`);
    if (expected.length <= pageSize) throw new RuleSkip(`the credential sees ${expected.length} entries, too few to page through`);
    const sorted = [...expected].sort(compareCreated);
    expectThat(
      sorted.every((entry, index) => entry.id === expected[index]?.id),
      `${whole.line}: the default order is not createdAt ascending, then id (ids ${expected.map((entry) => String(entry.id)).join(', ')})`,
    );
    const walked: Array<Record<string, unknown>> = [];
    for (let page = 1; page <= pagesWalked && walked.length < expected.length; page++) {
      const answer = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: pageSize, page }, operation: 'calendars.list' });
      expectStatus(answer, 200, 'a page within the list');
      expectThat(totalCount(answer) === total, `${answer.line}: X-Total-Count ${totalCount(answer)} differs from the first answer's ${total}`);
      const link = answer.headers.get('link') ?? '';
      for (const rel of ['first', 'last']) expectThat(link.includes(`rel="${rel}"`), `${answer.line}: the Link header has no rel="${rel}" (it is "${link}")`);
      if (page * pageSize < total) expectThat(link.includes('rel="next"'), `${answer.line}: page ${page} of ${Math.ceil(total / pageSize)} has no rel="next" link`);
      walked.push(...orderedEntries(answer));
    }
    const offset = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: pageSize, offset: pageSize }, operation: 'calendars.list' });
    expectStatus(offset, 200, 'offset pages like page');
    const byOffset = orderedEntries(offset)
      .map((entry) => entry.id)
      .join(',');
    const byPage = walked
      .slice(pageSize, pageSize * 2)
      .map((entry) => entry.id)
      .join(',');
    expectThat(byOffset === byPage, `${offset.line}: offset ${pageSize} gives [${byOffset}], page 2 gave [${byPage}]`);
    const want = expected.slice(0, walked.length).map((entry) => String(entry.id));
    const got = walked.map((entry) => String(entry.id));
    expectThat(got.join(',') === want.join(','), `pages of ${pageSize} give [${got.join(', ')}]; one page of ${pageSize * pagesWalked} gave [${want.join(', ')}]`);
  },
};

/** `sortBy` with a direction reverses the order. */
export const sorting: ConformanceRule = {
  id: 'pagination.sorting',
  title: 'sortBy=createdAt:desc lists newest first; an unknown sort field is 400',
  source: { interface: '§4 #5, rule 7 ("not shown")', decision: apiReferenceSection('Lists: pagination, filters, sorting') },
  writes: false,
  async run({ probe }) {
    const answer = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 20, sortBy: 'createdAt:desc' }, operation: 'calendars.list' });
    expectStatus(answer, 200, 'sortBy field:direction');
    const entries = orderedEntries(answer);
    for (let index = 1; index < entries.length; index++) {
      const [before, after] = [entries[index - 1]!, entries[index]!];
      expectThat(
        compareNewestFirst(before, after) <= 0,
        `${answer.line}: entry ${String(after.id)} (createdAt ${String(after.createdAt)}) comes after ${String(before.id)} (createdAt ${String(before.createdAt)}); expected newest first, equal createdAt by id ascending`,
      );
    }
    const unknown = await probe.send({ method: 'GET', path: '/calendars/', query: { sortBy: 'noSuchField' } });
    expectStatus(unknown, 400, 'an unknown sort field is a typo to surface, not ignored', 'validation_failed');
  },
};

/** Code-unit order of ids, as the tie-break sorts them. */
function tieBroken(answer: ProbeAnswer, entries: Array<Record<string, unknown>>, key: string, list: string): void {
  const descending = key.endsWith(':desc');
  const name = key.replace(/:(asc|desc)$/, '');
  for (let index = 1; index < entries.length; index++) {
    const [before, after] = [entries[index - 1]!, entries[index]!];
    if (before[name] !== after[name]) continue;
    expectThat(
      compareText(before.id, after.id) < 0,
      `${answer.line}: ${list} ${String(after.id)} comes after ${String(before.id)}, both with ${name} ${JSON.stringify(after[name])}; equal keys must be ordered by id ascending${descending ? ' (whatever the direction of the key)' : ''}, or pages overlap and skip, and a walk cannot find its place again`,
    );
  }
}

/** The sort keys with many equal values, where an order without a tie-break shows. */
const tiedCalendarKeys = ['baked', 'date:desc', 'startTime', 'createdAt'];

/**
 * Every sort order is total: records with equal sort keys are ordered by id, so that pages fit
 * together and a walk can re-anchor on the last record it saw (the SDK's complete iterate()).
 */
export const totalOrder: ConformanceRule = {
  id: 'pagination.total-order',
  title: 'Every sortBy is a total order: equal keys are ordered by id ascending, for entries and users, and pages of a tied order join',
  source: { interface: '§4 #5, #19 and rule 7 ("not shown")', decision: apiReferenceSection('Lists: pagination, filters, sorting') },
  writes: false,
  async run({ probe, fixtures }) {
    for (const sortBy of tiedCalendarKeys) {
      const answer = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 100, sortBy }, operation: 'calendars.list' });
      expectStatus(answer, 200, `sortBy=${sortBy}`);
      tieBroken(answer, orderedEntries(answer), sortBy, 'entry');
    }
    const whole = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 6, sortBy: 'baked' }, operation: 'calendars.list' });
    expectStatus(whole, 200, 'sortBy=baked');
    const paged: unknown[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await probe.send({ method: 'GET', path: '/calendars/', query: { limit: 2, page, sortBy: 'baked' }, operation: 'calendars.list' });
      expectStatus(answer, 200, 'a page of sortBy=baked');
      paged.push(...orderedEntries(answer).map((entry) => entry.id));
    }
    const want = orderedEntries(whole).map((entry) => entry.id);
    expectThat(paged.join(',') === want.join(','), `pages of 2 sorted by baked give [${paged.join(', ')}]; one page of 6 gave [${want.join(', ')}]`);
    const organization = await fixtures.organization();
    const users = await probe.send({ method: 'GET', path: '/users/', query: { organization, limit: 100, sortBy: 'role' }, operation: 'users.list' });
    expectStatus(users, 200, 'sortBy=role of the own organization');
    tieBroken(users, records(users), 'role', 'user');
  },
};
