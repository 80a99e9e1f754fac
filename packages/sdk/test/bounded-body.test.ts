/**
 * Every answer has a bound: `maxResponseBytes`, counted after decompression, read as a stream and
 * cancelled at the limit, with a ResponseTooLargeError that is not retried. Against the hostile
 * server over real HTTP; the cases that would take gigabytes run the built SDK in a child process
 * and assert its peak memory (`process.resourceUsage().maxRSS`), not any time.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, createClient, defaultMaxResponseBytes, MedschedError, ResponseTooLargeError, type ClientOptions } from '../src/index.js';
import { failure } from './support/failure.js';
import { startHostileServer, type HostileServer } from './support/hostile-server.js';

const device = '64d004000000000000000001';
const MiB = 1024 * 1024;

let hostile: HostileServer;
beforeAll(async () => (hostile = await startHostileServer()));
afterAll(() => hostile.close());

function clientFor(mode: string, options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: hostile.baseUrl(mode), apiKey: 'msk_test_key', retryDelays: { initialMs: 1, maxMs: 5 }, ...options });
}

describe('maxResponseBytes', () => {
  it('defaults to 256 MiB: several times the largest page (100,000 entries, about 41 MB on the reference server)', () => {
    expect(defaultMaxResponseBytes).toBe(256 * MiB);
  });

  it.each([
    [1000, 1000, true],
    [1001, 1000, false],
    [64 * 1024, 64 * 1024 - 1, false],
    [3 * MiB, 4 * MiB, true],
    [3 * MiB, MiB, false],
  ])('a body of %i bytes under a limit of %i: read in full = %s', async (bytes, limit, fits) => {
    hostile.received.length = 0;
    const call = clientFor(`huge-${bytes}`, { maxResponseBytes: limit }).devices.events(device);
    if (fits) return expect(await call).toEqual([]);
    const error = await failure(call);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: 'response_too_large', limitBytes: limit, status: 200, method: 'GET' });
    expect((error as Error).message).toContain(`larger than ${limit} bytes`);
    expect(hostile.received).toHaveLength(1); // not retried
  });

  it('a Content-Length over the limit is refused before reading', async () => {
    const error = await failure(clientFor(`sized-${8 * MiB}`, { maxResponseBytes: MiB }).devices.events(device));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s as a limit when the client is made', (limit) => {
    expect(() => clientFor('html', { maxResponseBytes: limit })).toThrow(MedschedError);
  });
});

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
const child = fileURLToPath(new URL('./support/hostile-client.mjs', import.meta.url));

interface ChildOutcome {
  name: string;
  code: string;
  limitBytes: number;
  maxRssKiB: number;
}

/** One call in a child process of its own (its peak memory is the call's). */
async function inChild(mode: string, options: Partial<ClientOptions>): Promise<ChildOutcome> {
  expect(existsSync(dist), 'build the SDK first (pnpm --filter ./packages/sdk build)').toBe(true);
  const spec = { baseUrl: hostile.baseUrl(mode), apiKey: 'msk_test_key', call: 'devices.events', args: [device], options };
  const { stdout } = await promisify(execFile)(process.execPath, [child, JSON.stringify(spec)]);
  return JSON.parse(stdout) as ChildOutcome;
}

describe('bodies that would exhaust memory, in a child process', () => {
  // The limit of these runs; the child's peak RSS must stay within a bound that the body's full
  // size (1 GiB and more) would pass many times over, and that Node itself (about 50 MB) plus a
  // few copies of the limit fits.
  const limit = 32 * MiB;
  const peakBoundKiB = 400 * 1024;

  it.each(['gzip-bomb', 'brotli-bomb', 'endless', `huge-${2 * 1024 * MiB}`])('%s: ResponseTooLargeError after one request, peak memory bounded', async (mode) => {
    hostile.received.length = 0;
    const outcome = await inChild(mode, { maxResponseBytes: limit });
    expect(outcome).toMatchObject({ name: 'ResponseTooLargeError', code: 'response_too_large', limitBytes: limit });
    expect(outcome.maxRssKiB).toBeLessThan(peakBoundKiB);
    expect(hostile.received).toHaveLength(1);
  });

  it('a gzip bomb under the default limit: stopped at 256 MiB, not read to 1 GiB', async () => {
    const outcome = await inChild('gzip-bomb', {});
    expect(outcome).toMatchObject({ name: 'ResponseTooLargeError', limitBytes: 256 * MiB });
    // 1 GiB read as text would be more than 1 GiB here; 256 MiB is held once, in chunks and text.
    expect(outcome.maxRssKiB).toBeLessThan(1024 * 1024);
  });
});
