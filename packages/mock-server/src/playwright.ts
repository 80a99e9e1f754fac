/**
 * @medsched/mock-server/playwright: drive the mock that a page runs (its own `setupMockWorker()`
 * set-up) from a Playwright test, typed like the Node API: seed records, force failures, answer
 * routes, and read the journal.
 *
 * @example
 * import { test as base, expect } from '@playwright/test';
 * import { mockApiFixture, type MockApiRemote } from '@medsched/mock-server/playwright';
 * const test = base.extend<{ mockApi: MockApiRemote }>({ mockApi: mockApiFixture });
 * test('shows a conflict', async ({ page, mockApi }) => {
 *   await mockApi.fail('PATCH /calendars/:id', 409); // before the app's first request
 *   await page.goto('/?mock');
 *   expect(await mockApi.journal.find({ method: 'PATCH' })).toHaveLength(1);
 * });
 */
import type { DemoUserOptions } from './demo-users.js';
import type { JournalEntry, JournalFilter, JournalReads } from './journal.js';
import type { MockScope } from './mock-scope.js';
import type { ScenarioOptions } from './scenarios/scenario-handler.js';
import { remoteControlName, remoteQueueErrorName, remoteQueueName, type RemoteCommand, type RemoteWho, type SeedFactoryName, type WireJournalFilter } from './remote/protocol.js';
import type { RespondBody, RespondOptions, RespondRoute } from './scenarios/respond.js';
import type { RouteSpec } from './scenarios/route-spec.js';
import { checkScenarioCall } from './scenarios/scenario-checks.js';
import { checkSeedInput } from './seed-checks.js';
import type { MockCredential, SeedFactories } from './seed-factories.js';

/**
 * What the fixture needs of Playwright's `Page` (a `Page` of @playwright/test or playwright-core fits;
 * `any` because Playwright's own signatures are generic over the argument and result).
 */
export interface PageLike {
  url(): string;
  /* oxlint-disable typescript/no-explicit-any -- Playwright's own signatures are generic over the argument and result (see above) */
  evaluate(pageFunction: (arg: any) => unknown, arg: any): Promise<unknown>;
  addInitScript(script: (arg: any) => unknown, arg: any): Promise<unknown>;
  waitForFunction(pageFunction: (arg: any) => unknown, arg: any, options?: { timeout?: number }): Promise<unknown>;
  /* oxlint-enable typescript/no-explicit-any */
}

/** What a factory stores: a full record of its model. */
type SeededRecord<K extends SeedFactoryName> = Awaited<ReturnType<SeedFactories[K]>>;

/**
 * The seed factories, called in the page. A seed queued before the page's first navigation
 * returns only the fields you gave and the id the record will have (the page fills in the rest
 * when it starts); once the page runs its mock, the stored record. So: `Partial`, with the id.
 */
export type RemoteSeedFactories = {
  [K in SeedFactoryName]: (...input: Parameters<SeedFactories[K]>) => Promise<Partial<SeededRecord<K>> & { id: string }>;
};

/** The page's journal, read from the test: the reads of `mock.journal`, answering with promises. */
export interface RemoteJournal extends JournalReads<true> {
  /** @deprecated Use `journal.all()`, as in Node and the browser (where `entries` is a getter). */
  entries(): Promise<JournalEntry[]>;
}

/** A user of the page's mock for the test: its credential and ready-made headers (the SDK client stays in the page). */
export interface RemoteUser {
  credential: MockCredential;
  headers: Record<string, string>;
}

/** A user signed in with the page's identity provider: bearer headers and the token pair. */
export interface RemoteSignedInUser extends RemoteUser {
  accessToken: string;
  refreshToken: string;
}

/**
 * The page's mock, driven from a test. Calls made before the page's first navigation are queued
 * and applied when the page starts its mock, before the app's first request (and again on each
 * load of that page); a seed queued so returns the fields you gave and the id it will have.
 */
export interface MockApiRemote {
  readonly seed: RemoteSeedFactories;
  readonly journal: RemoteJournal;
  fail(...args: Parameters<MockScope['fail']>): Promise<void>;
  respond<Route extends RespondRoute>(route: Route, body: RespondBody<Route>, options?: RespondOptions & ScenarioOptions): Promise<void>;
  delay(ms: number): Promise<void>;
  delay(route: RouteSpec, ms: number, options?: ScenarioOptions): Promise<void>;
  networkError(route?: RouteSpec, options?: ScenarioOptions): Promise<void>;
  expireTokens(): Promise<void>;
  rateLimit(...args: Parameters<MockScope['rateLimit']>): Promise<void>;
  /** The page's `mock.reset()`: fresh database (and saved one, with persistence), empty journal, no scenarios. */
  reset(): Promise<void>;
  /** The page's `mock.clearScenarios()`: no scenarios, delays included; the data (and the saved one) and the journal stay. */
  clearScenarios(): Promise<void>;
  /**
   * The page's `mock.as(role)`: the credential and headers of a demo user (or of a credential
   * made in the page), e.g. to give the app an API key. Needs the page's mock: after `page.goto()`.
   */
  as(who: RemoteWho, options?: DemoUserOptions): Promise<RemoteUser>;
  /** The page's `mock.signIn(role)`: a bearer token pair from the page's identity provider. After `page.goto()`. */
  signIn(who: RemoteWho, options?: DemoUserOptions & { ttlSeconds?: number }): Promise<RemoteSignedInUser>;
}

export interface ConnectOptions {
  /** How long to wait for a navigated page to start its mock, in ms (default 30 000). */
  timeout?: number;
}

/** Whether the page's mock runs (`true`), failed to start (`{ failed }`), or has not started yet (`false`). */
type PageMockState = boolean | { failed: string };

/** Runs in the page: the state of its mock, from the globals the browser entry sets. */
function pageMockState([control, failure]: [string, string]): PageMockState {
  const scope = globalThis as Record<string, unknown>;
  if (typeof scope[failure] === 'string') return { failed: scope[failure] };
  return typeof scope[control] === 'function';
}

/** A 24-hex id like the server's, so that a seed queued before the page starts has a known id. */
function newRecordId(): string {
  const time = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return time + random;
}

const toWire = ({ path, ...rest }: JournalFilter = {}): WireJournalFilter =>
  path instanceof RegExp ? { ...rest, path: { regexp: path.source, flags: path.flags } } : { ...rest, ...(path === undefined ? {} : { path }) };

/** Connects to the mock of `page` (started by the app with `setupMockWorker().start()`). */
export function connectMockApi(page: PageLike, options: ConnectOptions = {}): MockApiRemote {
  const timeout = options.timeout ?? 30_000;

  async function send(command: RemoteCommand): Promise<unknown> {
    const names: [string, string] = [remoteControlName, remoteQueueErrorName];
    const ready = page.url() !== 'about:blank' && (await page.evaluate(pageMockState, names));
    if (!ready && page.url() === 'about:blank') {
      if (command.kind === 'as' || command.kind === 'signIn') {
        throw new Error(`mockApi.${command.kind}() reads the page's mock, which starts with the page: call it after page.goto(…)`);
      }
      // Not navigated yet: the page picks the command up when its mock starts.
      await page.addInitScript(
        ([queue, queued]: [string, RemoteCommand]) => {
          const scope = globalThis as Record<string, unknown>;
          ((scope[queue] ??= []) as RemoteCommand[]).push(queued);
        },
        [remoteQueueName, command],
      );
      return undefined;
    }
    if (!ready) {
      await page.waitForFunction(pageMockState, names, { timeout }).catch((error: unknown) => {
        throw new Error(`the page ${page.url()} did not start its mock within ${timeout} ms: does it call setupMockWorker(…).start() from @medsched/mock-server/browser (in mock mode)?`, {
          cause: error,
        });
      });
    }
    const state = (await page.evaluate(pageMockState, names)) as PageMockState;
    if (typeof state === 'object' && 'failed' in state) {
      throw new Error(`the page ${page.url()} did not start its mock: a call queued before page.goto() failed there: ${state.failed}`);
    }
    return page.evaluate(
      ([name, sent]: [string, RemoteCommand]) => ((globalThis as Record<string, unknown>)[name] as (command: RemoteCommand) => Promise<unknown>)(sent),
      [remoteControlName, command],
    );
  }

  // Checked here, in the test, before the call travels: a mistake throws at the test's own line,
  // also when the call is queued before the page loads (it would otherwise stop the page's mock).
  const scenario = async (method: Extract<RemoteCommand, { kind: 'scenario' }>['method'], args: unknown[]) => {
    checkScenarioCall(method, args);
    await send({ kind: 'scenario', method, args });
  };
  const seedWith =
    (factory: SeedFactoryName) =>
    async (input: Record<string, unknown> = {}) => {
      checkSeedInput(factory, input);
      const withId = { id: newRecordId(), ...input };
      return (await send({ kind: 'seed', factory, input: withId })) ?? withId;
    };
  const find = async (filter?: JournalFilter) => ((await send({ kind: 'journal', filter: toWire(filter) })) as JournalEntry[] | undefined) ?? [];

  return {
    seed: {
      organization: seedWith('organization'),
      user: seedWith('user'),
      patient: seedWith('patient'),
      medication: seedWith('medication'),
      device: seedWith('device'),
      deviceEvent: seedWith('deviceEvent'),
      calendarEntry: seedWith('calendarEntry'),
    } as unknown as RemoteSeedFactories,
    journal: {
      all: () => find(),
      entries: () => find(),
      find,
      count: async (filter) => (await find(filter)).length,
      last: async (filter) => (await find(filter)).at(-1),
      calls: async (operation) => ((await send({ kind: 'calls', operation })) ?? []) as never,
    },
    fail: (...args) => scenario('fail', args),
    respond: (...args) => scenario('respond', args),
    delay: (...args: unknown[]) => scenario('delay', args),
    networkError: (...args) => scenario('networkError', args),
    expireTokens: () => scenario('expireTokens', []),
    rateLimit: (...args) => scenario('rateLimit', args),
    reset: async () => void (await send({ kind: 'reset' })),
    clearScenarios: () => scenario('clearScenarios', []),
    as: async (who, options = {}) => (await send({ kind: 'as', who, options })) as RemoteUser,
    signIn: async (who, options = {}) => (await send({ kind: 'signIn', who, options })) as RemoteSignedInUser,
  };
}

/**
 * A Playwright Test fixture: `base.extend<{ mockApi: MockApiRemote }>({ mockApi: mockApiFixture })`.
 */
export async function mockApiFixture({ page }: { page: PageLike }, use: (mockApi: MockApiRemote) => Promise<void>): Promise<void> {
  await use(connectMockApi(page));
}
