/**
 * @medsched/reference-server: the medsched service behaviour in-process (msw handlers over
 * @msw/data collections) for tests, mocks and the `medsched-server` bin.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createReferenceServer } from '@medsched/reference-server';
 * const reference = await createReferenceServer({ seed: 'demo' });
 * const server = setupServer(...reference.handlers);
 */
export { createReferenceServer, type ReferenceServer, type ReferenceServerOptions } from './reference-server.js';
export { createHandlers, type HandlersOptions } from './handlers/handlers.js';
export { Pipeline, type PipelineOptions } from './pipeline/pipeline.js';
export type { ApiRequest, ApiResponse } from './pipeline/messages.js';
export { createDatabase, type Database } from './db/database.js';
export { Table, type TableWriteListener, type WriteOperation } from './db/table.js';
export { exportRecords, loadRecords, observeWrites, LoadRecordsError, type StoredRecord, type TableName, type WriteEvent } from './db/records.js';
export { newObjectId } from './db/object-id.js';
export { CollectionIndex, type IndexDefinition } from './db/indexes.js';
export * from './db/models.js';
export { routeTable } from './routes/table.js';
export type { Route } from './routes/route.js';
// The one route matcher both bindings use: the mock server decides which operation a scenario's request is with it.
export { Router, type RouteMatch } from './routes/router.js';
export { ProblemError } from './domain/operation/problems.js';
export { problemResponse } from './pipeline/problem-response.js';
export { fromFetchRequest, toFetchResponse } from './handlers/fetch-adapter.js';
export type { RateLimitOptions } from './domain/access/rate-limit.js';
export { defaultStorageQuota, type StorageQuotaLimits } from './domain/operation/storage-quota.js';
export { defaultIdempotencyLimits, type IdempotencyOptions } from './pipeline/idempotency.js';
export { IdentityProvider, type IdentityProviderOptions, type TokenPair } from './domain/access/identity-provider.js';
export { hashApiKey } from './domain/access/api-keys.js';
export { seedDatabase, demoCredentials, demoId, seedNames, type DemoCredential, type SeedName } from './seed/index.js';
export { Scenario, ScenarioCredential, ScenarioError, loadScenario, parseScenario, scenarioFormat } from './scenario/scenario.js';
export { ScenarioBuilder, type ScenarioBuilderOptions } from './scenario/scenario-builder.js';
// The create-time checks of a calendar entry, for the mock server's seed factories (a rule the API refuses is refused at seed time too).
export { checkRecurrence } from '@medsched/sdk/recurrence';
export { checkIntakeTime, checkTimeCategory } from './domain/calendars/calendar-mapping.js';
