import type { Operation, UserRole } from '@medsched/sdk/schemas';
import type { z } from 'zod';
import type { OperationContext } from '../domain/operation/context.js';
import type { Page } from '../domain/operation/pagination.js';

type Infer<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;

/** The validated input of an operation, typed from its schemas in the SDK catalogue. */
export interface RouteInput<O extends Operation> {
  params: Infer<O['params']>;
  query: Infer<O['query']>;
  body: Infer<O['body']>;
}

type Item<R> = R extends readonly (infer I)[] ? I : never;

/** A paginated operation answers a page; the pipeline turns it into the array and headers. */
export type RouteOutput<O extends Operation> = O['paginated'] extends true ? Page<Item<z.infer<O['response']>>> : z.infer<O['response']>;

/** One operation of the API: its contract (from the SDK), who may call it, what it does. */
export interface Route<O extends Operation = Operation> {
  operation: O;
  /** Roles that may call the operation at all (else 403); tenant and ownership checks sit in the domain. */
  roles: readonly UserRole[];
  operate(ctx: OperationContext, input: RouteInput<O>): RouteOutput<O> | Promise<RouteOutput<O>>;
  /**
   * Reads of one record (see {@link defineRecordRoute}): the stored record `read` finds and how
   * `present` turns it into the answer. The pipeline then keeps the serialized answer per
   * record version (pipeline/answer-cache.ts); `operate` gives the same answer, unserialized.
   */
  byRecord?: RecordRead<O>;
}

export interface RecordRead<O extends Operation = Operation, R extends object = object> {
  read(this: void, ctx: OperationContext, input: RouteInput<O>): R | Promise<R>;
  /** A pure function of the record: its result is serialized once per record version. */
  present(this: void, record: R): RouteOutput<O>;
}

export const defineRoute = <O extends Operation>(route: Route<O>): Route => route;

/** A route answering one stored record as `present` shows it: `read` must return the record object the table holds. */
export function defineRecordRoute<O extends Operation, R extends object>(route: Omit<Route<O>, 'operate' | 'byRecord'> & RecordRead<O, R>): Route {
  const { read, present, ...rest } = route;
  return defineRoute<O>({
    ...rest,
    operate: (ctx, input) => {
      const record = read(ctx, input);
      return record instanceof Promise ? record.then(present) : present(record);
    },
    byRecord: { read, present },
  });
}
