import { setupWorker, type SetupWorker } from 'msw/browser';
import { isCommonAssetRequest } from 'msw';
import { resolveOptions, type MockApiOptions } from '../mock-options.js';
import { MockScope } from '../mock-scope.js';
import { unhandledRequestOptions, type UnhandledRequestStrategy } from '../unhandled-requests.js';

export interface WorkerStartOptions {
  /** Where the app serves msw's worker script; default `/mockServiceWorker.js` (see the README). */
  serviceWorkerUrl?: string;
  /** Default: fail requests to other hosts or paths loudly, let the page's own assets through. */
  onUnhandledRequest?: UnhandledRequestStrategy;
  /** Silence msw's start-up message in the console. */
  quiet?: boolean;
}

/** The mock API in the browser: msw's service worker running the reference server's behaviour. */
export class MockWorker extends MockScope {
  /** The msw worker: `mock.worker.use(...)` adds the app's own handlers in front of the mock's. */
  readonly worker: SetupWorker;

  constructor(options: MockApiOptions = {}) {
    let worker: SetupWorker | undefined;
    super(resolveOptions(options, `${globalThis.location?.origin ?? 'http://localhost'}/v1`), {
      use: (...handlers) => worker!.use(...handlers),
      resetHandlers: () => worker!.resetHandlers(),
      listHandlers: () => worker!.listHandlers(),
      get events() {
        return worker!.events;
      },
    });
    worker = setupWorker(...this.handlers);
    this.worker = worker!;
  }

  /** Builds the database and registers the service worker; resolves when requests are intercepted. */
  async start(options: WorkerStartOptions = {}): Promise<void> {
    await this.init();
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
  }

  stop(): void {
    this.worker.stop();
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
export function setupMockWorker(options: MockApiOptions = {}): MockWorker {
  return new MockWorker(options);
}
