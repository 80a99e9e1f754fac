/**
 * The schemas are zod/mini (for the browser bundle); these assertions pin the inferred types to
 * what they were with classic zod, where the two flavours could differ: optional and nullable
 * wrappers, answer objects (exact types, no index signature), strict objects, open enums, integers,
 * codecs (the query-string side as input), refinements and the bake union. Compiled by
 * types.test.ts; never run. (When the schemas moved to zod/mini, every exported schema's
 * z.input and z.output was also checked equal to the classic build's, once.)
 */
import { expectTypeOf } from 'vitest';
import type { z } from 'zod';
import type {
  AccountUpdate,
  BakeQuery,
  CalendarEntry,
  CalendarListQuery,
  CalendarSortField,
  Device,
  DeviceEventsQuery,
  DeviceEventType,
  KnownUserRole,
  Problem,
  SortSpec,
  User,
  UserCreate,
  UserRole,
} from '../../src/schemas/index.js';

expectTypeOf<z.output<typeof CalendarListQuery>>().toEqualTypeOf<{
  sortBy?: SortSpec<CalendarSortField> | undefined;
  patient?: string | undefined;
  name?: string | undefined;
  role?: UserRole | undefined;
  search?: string | undefined;
  limit?: number | undefined;
  offset?: number | null | undefined;
  page?: number | undefined;
}>();
expectTypeOf<z.input<typeof CalendarListQuery>>().toEqualTypeOf<{
  sortBy?: SortSpec<CalendarSortField> | undefined;
  patient?: string | undefined;
  name?: string | undefined;
  role?: UserRole | undefined;
  search?: string | undefined;
  limit?: string | number | undefined;
  offset?: string | number | null | undefined;
  page?: string | number | undefined;
}>();

expectTypeOf<z.output<typeof AccountUpdate>>().toEqualTypeOf<{
  language?: string | null | undefined;
  gender?: string | null | undefined;
  email?: string | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  debug?: boolean | undefined;
  demo?: boolean | undefined;
  notification?: { email?: boolean | undefined; push?: boolean | undefined } | undefined;
}>();

expectTypeOf<z.output<typeof BakeQuery>>().toEqualTypeOf<{ patient: string; from: string; to: string }>();
expectTypeOf<z.output<typeof DeviceEventsQuery>>().toEqualTypeOf<{ DateStart?: string | undefined; DateEnd?: string | undefined; TypeFilter?: DeviceEventType | undefined }>();

expectTypeOf<z.output<typeof UserCreate>>().toEqualTypeOf<{
  organization: string;
  name?: string | undefined;
  meta?: Record<string, unknown> | undefined;
  apps?: Record<string, unknown> | undefined;
  email?: string | null | undefined;
  category?: 'doctor' | 'nurse' | 'patient' | 'pharmacist' | 'relative' | undefined;
  timezone?: string | undefined;
  role?: 'admin' | 'user' | 'patient' | 'onlyself' | undefined;
}>();

type Entry = z.output<typeof CalendarEntry>;
expectTypeOf<Entry['id']>().toEqualTypeOf<string>();
expectTypeOf<Entry['timeCategory']>().toEqualTypeOf<'morning' | 'noon' | 'evening' | 'night' | (string & {}) | undefined>();
expectTypeOf<Entry['intake']>().toEqualTypeOf<unknown>();
expectTypeOf<'sortBy'>().toEqualTypeOf<'sortBy'>();
expectTypeOf<SortSpec<'date'>>().toEqualTypeOf<'date' | 'date:asc' | 'date:desc' | `${'date' | 'date:asc' | 'date:desc'},${'date' | 'date:asc' | 'date:desc'}`>();
expectTypeOf<z.input<typeof CalendarEntry>>().toEqualTypeOf<Entry>();

expectTypeOf<z.output<typeof Device>['status']>().toEqualTypeOf<'unassigned' | 'active' | 'disabled' | (string & {})>();
expectTypeOf<z.output<typeof User>['role']>().toEqualTypeOf<KnownUserRole | undefined>();
expectTypeOf<z.output<typeof User>['category']>().toEqualTypeOf<'doctor' | 'nurse' | 'patient' | 'pharmacist' | 'relative' | (string & {}) | null | undefined>();
expectTypeOf<z.output<typeof Problem>['status']>().toEqualTypeOf<number>();
expectTypeOf<z.output<typeof Problem>['errors']>().toEqualTypeOf<{ path: string; message: string }[] | undefined>();
