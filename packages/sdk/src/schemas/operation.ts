import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One operation of the API: the contract that the SDK, the servers and the OpenAPI document share. */
export interface Operation {
  /** Stable id, `group.action`, e.g. `calendars.create`. */
  readonly id: string;
  readonly method: HttpMethod;
  /** Path under `/v1`, OpenAPI style: `/calendars/{calendarId}`. */
  readonly path: string;
  readonly summary: string;
  readonly params?: z.ZodMiniType;
  readonly query?: z.ZodMiniType;
  readonly body?: z.ZodMiniType;
  readonly response: z.ZodMiniType;
  /** Status of a successful answer. */
  readonly status: 200 | 201;
  /** The answer carries `X-Total-Count` and `Link`. */
  readonly paginated?: true;
  /** May be retried without creating anything twice. */
  readonly idempotent: boolean;
}
