import type { SeedName } from '@medsched/reference-server';

export interface MockApiOptions {
  /** `demo` (default): the reference server's demo data; `empty`: nothing, build it with `mock.seed`. */
  seed?: SeedName;
  /**
   * Where the clients of `mock.as()` send requests; its path is the API's base path (`/v1`).
   * The mock answers that path on any origin, so the app may use its own base URL.
   * Default `https://api.medsched.test/v1` in Node, `<page origin>/v1` in the browser.
   */
  baseUrl?: string;
}

export interface ResolvedOptions {
  seed: SeedName;
  baseUrl: string;
  basePath: string;
}

export function resolveOptions(options: MockApiOptions, defaultBaseUrl: string): ResolvedOptions {
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
  let basePath: string;
  try {
    basePath = new URL(baseUrl).pathname.replace(/\/+$/, '');
  } catch {
    throw new TypeError(`baseUrl "${baseUrl}" is not an absolute URL; give one like https://api.medsched.test/v1`);
  }
  if (basePath === '') throw new TypeError(`baseUrl "${baseUrl}" needs the API's base path, e.g. ${baseUrl}/v1`);
  return { seed: options.seed ?? 'demo', baseUrl, basePath };
}
