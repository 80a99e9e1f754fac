import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle } from '../src/node/idle-collection.js';

// The full collection after a burst: asked for only once a whole look passed without a request
// and the process grew; never while requests keep coming. `globalThis.gc` stands in for V8's.
// The looks happen when the test says (no timer, no timing window on a loaded machine).
const servers: Server[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers.length = 0;
});

async function serverWith(afterGrowthBytes: number): Promise<{ url: string; look: () => void }> {
  const server = createServer();
  servers.push(server);
  let look: () => void = () => {
    throw new Error('no look scheduled');
  };
  const every = (callback: () => void) => {
    look = callback;
    return () => undefined;
  };
  server.on(
    'request',
    collectWhenIdle(server, (_request, response) => response.end('ok'), { afterGrowthBytes, every }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, look: () => look() };
}

describe('collectWhenIdle', () => {
  it('collects once requests stop, not while they keep coming', async () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const { url, look } = await serverWith(-Infinity);
    // A request between every two looks: never idle.
    for (let i = 0; i < 5; i++) {
      expect((await fetch(url)).status).toBe(200);
      look();
    }
    expect(gc).not.toHaveBeenCalled();
    // A whole look without a request: idle, and the process grew (any growth counts here).
    look();
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does not collect after traffic that did not grow the process', async () => {
    const gc = vi.fn();
    vi.stubGlobal('gc', gc);
    const { url, look } = await serverWith(1024 * 1024 * 1024);
    for (let i = 0; i < 10; i++) await (await fetch(url)).text();
    look();
    look();
    look();
    expect(gc).not.toHaveBeenCalled();
  });
});
