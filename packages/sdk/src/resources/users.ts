import { transportOf, type MedschedBaseClient } from '../base-client.js';
import { ApiPromise, mapResult } from '../api-promise.js';
import type { z } from 'zod';
import { nextPageQuery, Page } from '../pagination.js';
import { checkWalkQuery, defaultWalkPageSize, walkOrder, walkPages } from '../list-walk.js';
import { usersCreate, usersList } from '../schemas/operation-definitions.js';
import type { User, UserCreate, UserListQuery } from '../schemas/users.js';
import type { CreateRequestOptions, RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/**
 * Lists one page of an organization's users.
 * @example const page = await listUsers(client, { organization, role: 'patient' });
 */
export function listUsers(client: MedschedBaseClient, query: UserListQuery, options?: RequestOptions): ApiPromise<Page<User>> {
  const result = transportOf(client).call(usersList, { query }, options);
  return new ApiPromise(mapResult(result, (_, answer) => new Page(answer, (next) => listUsers(client, nextPageQuery(query, next), options))));
}

/**
 * Walks every matching user, complete while others write: every user that exists from the walk's
 * start to its end is yielded exactly once, whatever others create or change meanwhile (users
 * created during the walk may or may not appear). Sorted by `sortBy` (default `createdAt`, or `id`
 * when the answers carry no createdAt), then `id`; `limit` is the page size (default 1,000); each
 * page re-reads the last user yielded and re-anchors on it. With a `sortBy` on a field that
 * changes (name, email, role), a user changed during the walk may move behind the cursor and be missed. `offset` and `page` are refused.
 * @example for await (const user of iterateUsers(client, { organization })) console.log(user.name);
 */
export async function* iterateUsers(client: MedschedBaseClient, query: UserListQuery, options?: RequestOptions): AsyncGenerator<User> {
  checkWalkQuery(query, 'users.iterate()');
  const { limit, sortBy, ...filters } = query;
  const transport = transportOf(client);
  const read = async (offset: number, pageLimit: number, order: string) =>
    (await transport.call(usersList, { query: { ...filters, sortBy: order as UserListQuery['sortBy'], offset, limit: pageLimit } }, options)).data;
  // Without a sortBy, by createdAt where the answers carry it, else by id (the interface's users have none).
  // Pages from the walk, records from here: one async generator per record, not two (bench/paging.mjs).
  for await (const page of walkPages(read, walkOrder<User>(sortBy), limit ?? defaultWalkPageSize, sortBy === undefined ? walkOrder<User>('id') : undefined)) for (const record of page) yield record;
}

/**
 * Creates a user (role `patient` by default; never above your own role). Retried safely: the call carries an Idempotency-Key.
 * @example await createUser(client, { organization, name: 'Ada Patient', role: 'patient', timezone: 'Europe/Berlin' });
 */
export function createUser(client: MedschedBaseClient, body: z.input<typeof UserCreate>, options?: CreateRequestOptions): ApiPromise<User> {
  return new ApiPromise(transportOf(client).call(usersCreate, { body }, options));
}

/** Users of an organization: staff and patients. */
export class Users extends Resource {
  /**
   * Lists one page of an organization's users.
   * @example const page = await client.users.list({ organization, role: 'patient' });
   */
  list(query: UserListQuery, options?: RequestOptions): ApiPromise<Page<User>> {
    return listUsers(this.client, query, options);
  }

  /**
   * Walks every matching user, complete while others write: each user that exists throughout the
   * walk is yielded exactly once (see {@link iterateUsers}); `limit` is the page size (default 1,000).
   * @example for await (const user of client.users.iterate({ organization })) console.log(user.name);
   */
  iterate(query: UserListQuery, options?: RequestOptions): AsyncGenerator<User> {
    // The walk's own generator, not one wrapping it: each wrapper costs promise jobs per record.
    return iterateUsers(this.client, query, options);
  }

  /**
   * Creates a user (role `patient` by default; never above your own role). Retried safely: the call carries an Idempotency-Key.
   * @example await client.users.create({ organization, name: 'Ada Patient', role: 'patient', timezone: 'Europe/Berlin' });
   */
  create(body: z.input<typeof UserCreate>, options?: CreateRequestOptions): ApiPromise<User> {
    return createUser(this.client, body, options);
  }
}
