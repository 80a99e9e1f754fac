import { parseScenario, ScenarioError, type Scenario, type SeedName } from '@medsched/reference-server';
import type { NowOption } from './mock-clock.js';
import { MockApiError } from './mock-error.js';

export interface MockApiOptions {
  /**
   * `demo` (default): the reference server's demo data; `empty`: nothing, build it with `mock.seed`;
   * or a scenario recorded from a real service (`medsched-server proxy --record DIR`, the parsed
   * `DIR/scenario.json`): its records, with `mock.as(scenario.credentials[0])` to read them.
   */
  seed?: SeedName | Scenario;
  /**
   * Where the clients of `mock.as()` send requests; its path is the API's base path (`/v1`).
   * The mock answers that path on any origin, so the app may use its own base URL.
   * Default `https://api.medsched.test/v1` in Node, `<page origin>/v1` in the browser.
   */
  baseUrl?: string;
  /**
   * The clock of the mock's API and factories ("today", timestamps, ids); default the real one.
   * `'2026-05-04T08:00:00Z'` (or a Date) stands still; `{ from: '2026-05-04T08:00:00Z' }` starts
   * there at `listen()` and at every `reset()` and moves on with real time; a function is called
   * at every read, like the reference server's `now`.
   */
  now?: NowOption;
}

export interface ResolvedOptions {
  seed: SeedName | Scenario;
  baseUrl: string;
  basePath: string;
  now: NowOption | undefined;
}

const seeds: readonly SeedName[] = ['demo', 'empty'];

/**
 * Checks the options (a key we do not know is an error: a misspelt or unsupported option must
 * not be silently ignored) and fills in the defaults. `extraKeys` are the set-up's own options.
 */
export function resolveOptions(options: MockApiOptions, defaultBaseUrl: string, setup = 'setupMockApi', extraKeys: readonly string[] = []): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw new MockApiError('invalid_option', `${setup}(options): options must be an object`);
  const known = ['seed', 'baseUrl', 'now', ...extraKeys];
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new MockApiError('unknown_option', `${setup}(): unknown option "${key}"; the options are ${known.join(', ')}`);
  }
  if (typeof options.seed === 'object' && options.seed !== null) {
    try {
      parseScenario(options.seed);
    } catch (error) {
      if (error instanceof ScenarioError) throw new MockApiError('invalid_option', `${setup}({ seed }): ${error.message}`);
      throw error;
    }
  } else if (options.seed !== undefined && !seeds.includes(options.seed)) {
    throw new MockApiError('invalid_option', `${setup}({ seed }): "${String(options.seed)}" is not a seed; use ${seeds.map((seed) => `'${seed}'`).join(' or ')}`);
  }
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
  let basePath: string;
  try {
    basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    throw new MockApiError('invalid_option', `baseUrl "${baseUrl}" is not an absolute URL; give one like https://api.medsched.test/v1`);
  }
  if (basePath === '') throw new MockApiError('invalid_option', `baseUrl "${baseUrl}" needs the API's base path, e.g. ${baseUrl}/v1`);
  return { seed: options.seed ?? 'demo', baseUrl, basePath, now: options.now };
}
