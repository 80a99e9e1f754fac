// pnpm bench (after sdk.mjs), or alone: node bench/mock-server.mjs (after `pnpm build`)
// What a front-end test costs with the mock server, against plain msw, in the same run:
//   mock: 300 tests of `await mock.reset()` (the documented beforeEach/afterEach) + one SDK call
//         (`client.calendars.get`) answered by the mock (reference pipeline, demo data);
//   msw:  300 tests of `server.resetHandlers()` + one `fetch` answered by one `http.get` handler.
// Each variant runs in its own process (--expose-gc), in rounds that alternate between the two;
// the best round of each counts. The ratio is of CPU time (user + system of the variant's process):
// on cores shared with other work, wall time mostly measures the neighbours; wall time is printed too.
// Memory: heap used after GC, and RSS, of the mock's process over plain msw's, after the same tests.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const tests = Number(process.env.BENCH_MOCK_TESTS ?? 300);
const rounds = Number(process.env.BENCH_MOCK_ROUNDS ?? 6);
const timeTarget = 2;
const memoryTargetMb = 15;
const entryId = '64d005000000000000000001';

if (process.argv[2] === 'child') {
  // The variant's process: warms up with one set of tests, then measures `rounds` sets on request.
  const variant = process.argv[3];
  const { createRequire } = await import('node:module');
  // msw as the mock server resolves it, so that both variants run the same msw.
  const mockServerDir = new URL('../packages/mock-server/', import.meta.url);
  const require = createRequire(new URL('package.json', mockServerDir));
  const { http, HttpResponse } = await import(require.resolve('msw'));
  const { setupServer } = await import(require.resolve('msw/node'));

  let runTest;
  let close;
  if (variant === 'mock') {
    const { setupMockApi } = await import(new URL('dist/index.js', mockServerDir).href);
    const mock = setupMockApi();
    await mock.listen();
    runTest = async () => {
      await mock.reset();
      const entry = await mock.as('user').client.calendars.get(entryId);
      if (entry.id !== entryId) throw new Error('wrong entry');
    };
    close = () => mock.close();
  } else {
    const body = { id: entryId, name: 'Metformin' };
    const server = setupServer(http.get('https://api.medsched.test/v1/calendars/:id', () => HttpResponse.json(body)));
    server.listen({ onUnhandledRequest: 'error' });
    runTest = async () => {
      server.resetHandlers();
      const response = await fetch(`https://api.medsched.test/v1/calendars/${entryId}`, { headers: { 'x-api-key': 'k' } });
      const entry = await response.json();
      if (entry.id !== entryId) throw new Error('wrong entry');
    };
    close = () => server.close();
  }

  const runTests = async () => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (let i = 0; i < tests; i++) await runTest();
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
  };
  // Warm-up (JIT, msw's first-request set-up): both variants keep getting faster for some thousand tests.
  for (let i = 0; i < 10; i++) await runTests();
  process.on('message', async (message) => {
    if (message === 'round') {
      process.send(await runTests());
    } else if (message === 'memory') {
      globalThis.gc();
      globalThis.gc();
      const { heapUsed, rss } = process.memoryUsage();
      process.send({ heapUsed, rss });
    } else {
      close();
      process.exit(0);
    }
  });
  process.send({ ready: true });
} else {
  const start = (variant) => {
    const child = fork(fileURLToPath(import.meta.url), ['child', variant], { execArgv: ['--expose-gc'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ask = (message) =>
      new Promise((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => reject(new Error(`${variant} process exited with ${code}`)));
        if (message) child.send(message);
      });
    return { child, ask };
  };
  const mock = start('mock');
  const msw = start('msw');
  await Promise.all([mock.ask(), msw.ask()]);

  console.log(`Mock server: ${tests} tests of reset + one SDK call, against plain msw (${tests} tests of resetHandlers + one fetch), ${rounds} rounds, best of each`);
  const best = { mock: Infinity, msw: Infinity };
  const bestWall = { mock: Infinity, msw: Infinity };
  for (let round = 1; round <= rounds; round++) {
    for (const [name, variant] of [
      ['msw', msw],
      ['mock', mock],
    ]) {
      const { ms, cpuMs } = await variant.ask('round');
      best[name] = Math.min(best[name], cpuMs);
      bestWall[name] = Math.min(bestWall[name], ms);
      console.log(`round ${round}  ${name.padEnd(5)} CPU ${cpuMs.toFixed(0).padStart(6)} ms (${((cpuMs / tests) * 1000).toFixed(0)} µs a test), wall ${ms.toFixed(0).padStart(6)} ms`);
    }
  }
  const mockMemory = await mock.ask('memory');
  const mswMemory = await msw.ask('memory');
  mock.child.send('stop');
  msw.child.send('stop');

  const ratio = best.mock / best.msw;
  const mb = (bytes) => bytes / 1024 / 1024;
  const heapOver = mb(mockMemory.heapUsed - mswMemory.heapUsed);
  const rssOver = mb(mockMemory.rss - mswMemory.rss);
  console.log(
    `\nCPU per test: mock ${((best.mock / tests) * 1000).toFixed(0)} µs, msw ${((best.msw / tests) * 1000).toFixed(0)} µs (wall, best: ${bestWall.mock.toFixed(0)} against ${bestWall.msw.toFixed(0)} ms)`,
  );
  console.log(`mock / plain msw, CPU per test:    ${ratio.toFixed(2)}  (needs <= ${timeTarget}) ${ratio <= timeTarget ? 'ok' : 'FAIL'}`);
  console.log(`heap after GC over plain msw:      ${heapOver.toFixed(1)} MB  (needs <= ${memoryTargetMb}) ${heapOver <= memoryTargetMb ? 'ok' : 'FAIL'}`);
  console.log(`RSS over plain msw:                ${rssOver.toFixed(1)} MB  (heap ${mb(mockMemory.heapUsed).toFixed(1)} against ${mb(mswMemory.heapUsed).toFixed(1)} MB)`);
  process.exitCode = ratio <= timeTarget && heapOver <= memoryTargetMb ? 0 : 1;
}
