declare const __SDK_VERSION__: string | undefined;

/** The SDK's version, written in by the build (tsup `define`); `0.0.0-dev` when run from source. */
export const sdkVersion: string = typeof __SDK_VERSION__ === 'string' ? __SDK_VERSION__ : '0.0.0-dev';

/**
 * The `User-Agent` the SDK sends outside browsers, e.g. `medsched-sdk-js/1.0.0 node/20.20.2`, so
 * that server logs tell SDK versions apart. Browsers send their own and do not let a page set it
 * (a custom header instead would force a CORS preflight on every call), so there: undefined.
 */
export function defaultUserAgent(): string | undefined {
  if (typeof (globalThis as { document?: unknown }).document !== 'undefined') return undefined;
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process?.versions;
  const runtime = versions?.bun ? `bun/${versions.bun}` : versions?.deno ? `deno/${versions.deno}` : versions?.node ? `node/${versions.node}` : 'js';
  return `medsched-sdk-js/${sdkVersion} ${runtime}`;
}
