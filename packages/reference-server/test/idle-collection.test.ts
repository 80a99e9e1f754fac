import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from '../src/node/idle-collection.js';

// The full collection after a burst: asked for only once a whole look passed without a request
// and the process grew; never while requests keep coming. `globalThis.gc` stands in for V8's.
const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers.length = 0;
});

async function serverWith(options: Parameters<typeof collectWhenIdle>[2]): Promise<string> {
  const server = createServer();
  servers.push(server);
  server.on('request', collectWhenIdle(server, (_request, response) => response.end('ok'), options));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('collectWhenIdle', () => {
  it('collects once requests stop, not while they keep coming', async () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const url = await serverWith({ idleMs: 400, afterGrowthBytes: -Infinity });
    // Requests every 10 ms for 1.2 s: every look (each 400 ms) sees a new one.
    const until = Date.now() + 1200;
    while (Date.now() < until) {
      expect((await fetch(url)).status).toBe(200);
      await sleep(10);
    }
    expect(gc).not.toHaveBeenCalled();
    await sleep(1000);
    expect(gc).toHaveBeenCalled();
  });

  it('does not collect after traffic that did not grow the process', async () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const url = await serverWith({ idleMs: 50, afterGrowthBytes: 1024 * 1024 * 1024 });
    for (let i = 0; i < 10; i++) await (await fetch(url)).text();
    await sleep(300);
    expect(gc).not.toHaveBeenCalled();
  });
});
