import type { z } from 'zod';
import { nextPageQuery, Page } from '../pagination.js';
import { operations } from '../schemas/operations.js';
import type { User, UserCreate, UserListQuery } from '../schemas/users.js';
import type { RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/** Users of an organization: staff and patients. */
export class Users extends Resource {
  /**
   * Lists one page of an organization's users.
   * @example const page = await client.users.list({ organization, role: 'patient' });
   */
  async list(query: UserListQuery, options?: RequestOptions): Promise<Page<User>> {
    const result = await this.transport.call(operations['users.list'], { query }, options);
    return new Page(result, (next) => this.list(nextPageQuery(query, next), options));
  }

  /**
   * Walks every matching user, page by page.
   * @example for await (const user of client.users.iterate({ organization })) console.log(user.name);
   */
  async *iterate(query: UserListQuery, options?: RequestOptions): AsyncGenerator<User> {
    yield* await this.list(query, options);
  }

  /**
   * Creates a user (role `patient` by default; never above your own role). Never retried automatically.
   * @example await client.users.create({ organization, name: 'Ada Patient', role: 'patient', timezone: 'Europe/Berlin' });
   */
  async create(body: z.input<typeof UserCreate>, options?: RequestOptions): Promise<User> {
    return (await this.transport.call(operations['users.create'], { body }, options)).data;
  }
}
