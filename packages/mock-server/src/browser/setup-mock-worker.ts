import { setupWorker, type SetupWorker } from 'msw/browser';
import { isCommonAssetRequest } from 'msw';
import { resolveOptions, type MockApiOptions } from '../mock-options.js';
import { MockScope } from '../mock-scope.js';
import { ScenarioBase } from '../scenario-base.js';
import { resolvePersistOptions, restoreDatabase, saveDatabase, type PersistOptions, type ResolvedPersistOptions } from './persisted-state.js';
import { exposeRemoteControl } from './remote-control.js';
import { unhandledRequestOptions, type UnhandledRequestStrategy } from '../unhandled-requests.js';
import { callSite, claimListening, releaseListening } from '../node/one-mock-per-process.js';
import { InterceptorWatch, refuseOtherInterceptors } from '../other-interceptors.js';

export interface WorkerStartOptions {
  /** Where the app serves msw's worker script; default `/mockServiceWorker.js` (see the README). */
  serviceWorkerUrl?: string;
  /** Default: fail requests to other hosts or paths loudly, let the page's own assets through. */
  onUnhandledRequest?: UnhandledRequestStrategy;
  /** Silence msw's start-up message in the console. */
  quiet?: boolean;
}

export interface MockWorkerOptions extends MockApiOptions {
  /**
   * Keep the database across reloads and navigations (opt-in): `true` or `{ key, storage }`.
   * With `local` storage (default) the origin's tabs share it. `mock.reset()` clears it.
   */
  persist?: boolean | PersistOptions;
}

/** The mock API in the browser: msw's service worker running the reference server's behaviour. */
export class MockWorker extends MockScope {
  /** The msw worker: `mock.worker.use(...)` adds the app's own handlers in front of the mock's. */
  readonly worker: SetupWorker;
  readonly #persist: ResolvedPersistOptions | undefined;
  #stopSaving: (() => void) | undefined;
  readonly #onStorage = (event: StorageEvent) => void this.#followOtherTab(event);
  /** Where this mock was set up, for the error about a second mock in the page. */
  readonly #createdAt = callSite();
  /** The running or finished start: starting again returns it (msw would warn and start twice). */
  #starting: Promise<void> | undefined;
  /** The page's msw interceptors as the start left them: a plain worker started later shows. */
  #interceptors: InterceptorWatch | undefined;

  constructor(options: MockWorkerOptions = {}) {
    let worker: SetupWorker | undefined;
    super(resolveOptions(options, `${globalThis.location?.origin ?? 'http://localhost'}/v1`, 'setupMockWorker', ['persist']), {
      use: (...handlers) => worker!.use(...handlers),
      resetHandlers: () => worker!.resetHandlers(),
      listHandlers: () => worker!.listHandlers(),
      get events() {
        return worker!.events;
      },
    });
    worker = setupWorker(...this.handlers);
    this.worker = worker!;
    this.#persist = resolvePersistOptions(options.persist);
  }

  /** With persistence, the first base is the saved database (if any), and every base is saved as it changes. */
  protected override async buildBase(first: boolean): Promise<ScenarioBase> {
    if (!this.#persist) return super.buildBase(first);
    const restored = first ? await restoreDatabase(this.#persist) : undefined;
    const base = restored ? await ScenarioBase.fromDatabase(restored, this.baseOptions) : await super.buildBase(first);
    this.#stopSaving?.();
    this.#stopSaving = saveDatabase(base.reference.db, this.#persist, { now: !restored });
    return base;
  }

  /** The saved database is rebuilt on reset rather than reverted, so that what is saved starts afresh. */
  protected override revertInPlace(): boolean {
    return !this.#persist;
  }

  protected override beforeReset(): void {
    if (!this.#persist) return;
    this.#stopSaving?.();
    this.#stopSaving = undefined;
    this.#persist.storage.removeItem(this.#persist.key);
  }

  /** Another tab saved the shared database: follow it (a removal is followed by the other tab's new save). */
  async #followOtherTab(event: StorageEvent): Promise<void> {
    const persist = this.#persist;
    if (!persist || event.key !== persist.key || event.storageArea !== persist.storage || event.newValue === null) return;
    const restored = await restoreDatabase(persist);
    if (!restored) return;
    this.#stopSaving?.();
    this.replaceBase(await ScenarioBase.fromDatabase(restored, this.baseOptions));
    this.#stopSaving = saveDatabase(restored, persist, { now: false });
  }

  /**
   * Builds the database and registers the service worker; resolves when requests are intercepted.
   * Starting it again returns the same start. Fails with `MockApiError` code `already_listening`
   * while another mock runs in the page: the second, empty mock would answer the app's requests;
   * `other_msw` while a plain msw worker runs in the page (one started later fails the mock's next
   * call the same way): msw would let only one of them answer.
   */
  start(options: WorkerStartOptions = {}): Promise<void> {
    if (this.#starting) return this.#starting;
    claimListening(this, this.#createdAt, 'page');
    this.#starting = this.#start(options).catch((error: unknown) => {
      this.#starting = undefined;
      releaseListening(this);
      throw error;
    });
    return this.#starting;
  }

  async #start(options: WorkerStartOptions): Promise<void> {
    refuseOtherInterceptors('page');
    await this.init();
    if (this.#persist?.shared) globalThis.addEventListener?.('storage', this.#onStorage);
    // Tests (the Playwright fixture) drive the mock from outside the page, and what they asked
    // for before the page loaded applies now, before the app's first request.
    await exposeRemoteControl(this);
    await this.worker.start({
      serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
      quiet: options.quiet ?? false,
      ...unhandledRequestOptions(
        options.onUnhandledRequest ??
          ((request, print) => {
            // Scripts, styles, images and fonts of the page itself are not API calls.
            if (isCommonAssetRequest(request)) return;
            print.error();
          }),
      ),
    });
    this.#interceptors = new InterceptorWatch('page');
  }

  protected override checkInterception(what: string): void {
    this.#interceptors?.check(what);
  }

  /** Stops intercepting (and following the other tabs' saves). Harmless when the mock was not started. */
  stop(): void {
    if (!this.#starting) return;
    this.#starting = undefined;
    this.#interceptors = undefined;
    globalThis.removeEventListener?.('storage', this.#onStorage);
    this.worker.stop();
    releaseListening(this);
  }
}

/**
 * The medsched API in the browser, served by msw's service worker from an in-memory database.
 * Copy the worker script first: `npx msw init public/` (see the README).
 * @example
 * const mock = setupMockWorker();
 * await mock.start();
 * mock.fail('POST /calendars/bake', 409);
 */
export function setupMockWorker(options: MockWorkerOptions = {}): MockWorker {
  return new MockWorker(options);
}
