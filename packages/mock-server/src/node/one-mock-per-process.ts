import { MockApiError } from '../mock-error.js';

/**
 * Which mock is listening in this realm. Kept on `globalThis` under a registered symbol, so that
 * two copies of this package (its ESM and CommonJS builds, two versions) see each other too: msw
 * patches the same global `fetch` for each of them, and two listening mocks would both journal,
 * answer and read the bodies of the same requests.
 */
const slot = Symbol.for('@medsched/mock-server/listening');

interface Listening {
  owner: object;
  createdAt: string;
}

type Global = { [slot]?: Listening };

/** Claims the realm for `owner`; throws if another mock is listening. `createdAt` is a stack line of its set-up. */
export function claimListening(owner: object, createdAt: string, realm: 'process' | 'page' = 'process'): void {
  const scope = globalThis as Global;
  const current = scope[slot];
  if (current && current.owner !== owner) {
    throw new MockApiError(
      'already_listening',
      `another mock API is already ${realm === 'page' ? 'started in this page' : 'listening in this process'} (set up ${current.createdAt}); ` +
        'two would both answer and journal every request. Share one mock (set it up once, e.g. in a setup file), ' +
        (realm === 'page' ? 'or call stop() on the other one first.' : 'or call close() on the other one first (afterAll(() => mock.close())).'),
    );
  }
  scope[slot] = { owner, createdAt };
}

/** Gives the realm up, if `owner` holds it. */
export function releaseListening(owner: object): void {
  const scope = globalThis as Global;
  if (scope[slot]?.owner === owner) delete scope[slot];
}

/** Where the caller's caller was written (`at file:line`), for messages about two set-ups. */
export function callSite(): string {
  const lines = new Error().stack?.split('\n').slice(1) ?? [];
  const outside = lines.find((line) => !/mock-server[\\/](?:dist|src)[\\/]/.test(line) && !/node:internal/.test(line));
  return outside?.trim() ?? 'elsewhere';
}
