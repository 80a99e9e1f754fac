import type { OperationId, UserRole } from '@medsched/sdk/schemas';
import type { DemoUserOptions } from '../demo-users.js';
import type { JournalFilter } from '../journal.js';
import type { MockCredential } from '../seed-factories.js';

/** The factories of `mock.seed` that make records (`credential` needs a stored user: not remote). */
export type SeedFactoryName = 'organization' | 'user' | 'patient' | 'medication' | 'device' | 'deviceEvent' | 'calendarEntry';

/** The scenario methods of `MockScope` a test may call from outside the page. */
export type ScenarioMethod = 'fail' | 'respond' | 'delay' | 'networkError' | 'expireTokens' | 'rateLimit' | 'clearScenarios';

/** A journal filter as JSON: a RegExp path travels as its source and flags. */
export type WireJournalFilter = Omit<JournalFilter, 'path'> & { path?: string | { regexp: string; flags: string } };

/** One call from a test process (Playwright) into the page's mock, as JSON. */
export type RemoteCommand =
  | { kind: 'seed'; factory: SeedFactoryName; input: Record<string, unknown> }
  | { kind: 'scenario'; method: ScenarioMethod; args: unknown[] }
  | { kind: 'reset' }
  | { kind: 'journal'; filter: WireJournalFilter }
  | { kind: 'calls'; operation: OperationId }
  | { kind: 'as'; who: RemoteWho; options: DemoUserOptions }
  | { kind: 'signIn'; who: RemoteWho; options: DemoUserOptions & { ttlSeconds?: number } };

/** A demo role or a credential (from `mock.seed.credential` in the page), as JSON. */
export type RemoteWho = UserRole | MockCredential;

/** The page's entry point: `globalThis[remoteControlName](command)`. */
export const remoteControlName = '__medschedMockRemote';
/** Commands queued before the page started its mock (init scripts push them here). */
export const remoteQueueName = '__medschedMockQueue';
/** The message of a queued command that failed when the page started its mock (the remote reports it). */
export const remoteQueueErrorName = '__medschedMockQueueError';

/** The database table each factory stores into, to skip a queued seed already stored (a reload with persistence). */
export const tableOfFactory = {
  organization: 'organizations',
  user: 'users',
  patient: 'users',
  medication: 'medications',
  device: 'devices',
  deviceEvent: 'deviceEvents',
  calendarEntry: 'calendarEntries',
} as const satisfies Record<SeedFactoryName, string>;
