// What both entry points export besides their set-up function.
export { MockScope } from './mock-scope.js';
export type { HandlerHost } from './handler-host.js';
export type { AsOptions, MockUser, SignInOptions, SignedInUser, Who } from './mock-users.js';
export type { ScenarioOptions } from './scenarios/scenario-handler.js';
export type { MockApiOptions } from './mock-options.js';
export { MockApiError, type MockApiErrorCode } from './mock-error.js';
export type { Instant, NowOption } from './mock-clock.js';
export { RequestJournal, redacted, type JournalEntry, type JournalFilter, type JournalOutcome, type JournalRead, type JournalReads, type OperationBody } from './journal.js';
export type { SeedFactories, MockCredential } from './seed-factories.js';
export type { DemoOrganization, DemoUserOptions } from './demo-users.js';
export type { FailureSpec } from './scenarios/fail.js';
export type { RouteSpec } from './scenarios/route-spec.js';
export type { UnhandledRequestStrategy, UnhandledRequestPrint } from './unhandled-requests.js';
export type { RespondBody, RespondOptions, RespondRoute } from './scenarios/respond.js';
export type { RecordFields, SeedInput } from './seed-factories.js';
export { MockCollection, type CreateInputOf, type RecordOf } from './mock-db/mock-collection.js';
export type { MockDatabase } from './mock-db/mock-database.js';
export type { Condition, FindManyOptions, OrderBy, PredicateFunction, QueryInput, RecordQuery, StrictOption, UpdateOptions } from './mock-db/record-query.js';
// The records the factories return: the reference server is bundled, so its types come from here.
export type { CalendarEntryRecord, Database, DeviceEventRecord, DeviceRecord, MedicationRecord, OrganizationRecord, ReferenceServer, UserRecord } from '@medsched/reference-server';
