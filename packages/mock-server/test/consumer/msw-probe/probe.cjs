// Run by test/msw-versions.test.ts inside a project that installed the packed mock server next to
// one msw version: `node probe.cjs cjs|esm`. Prints what worked as one JSON line.
const { createServer } = require('node:http');

async function main(format) {
  const load = (name) => (format === 'esm' ? import(name) : Promise.resolve(require(name)));
  const { setupMockApi } = await load('@medsched/mock-server');
  const { http, HttpResponse } = await load('msw');
  const { setupServer } = await load('msw/node');
  const mswVersion = require('msw/package.json').version;

  // Where an unhandled request would land if msw let it through to the network.
  let reachedNetwork = 0;
  const elsewhere = createServer((request, response) => {
    reachedNetwork += 1;
    response.end('from the network');
  });
  await new Promise((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  const elsewhereUrl = `http://127.0.0.1:${elsewhere.address().port}/analytics`;
  const result = { format, mswVersion };
  const printed = [];
  const consoleError = console.error;
  console.error = (...args) => printed.push(args.join(' '));

  const mock = setupMockApi();
  try {
    // Wrong moves before listen(): a scenario throws at once; close() does nothing (msw 3's own close() throws).
    result.failBeforeListen = (() => {
      try {
        mock.fail('calendars.list', 500);
        return 'accepted';
      } catch (error) {
        return error.code;
      }
    })();
    const neverListened = setupMockApi();
    neverListened.close();
    result.closeBeforeListen = 'harmless';
    await mock.listen();
    result.total = (await mock.as('user').client.calendars.list({ limit: 1 })).total;

    mock.fail('calendars.list', 503);
    result.failedWith = await mock
      .as('user')
      .client.calendars.list()
      .then(
        () => 'no error',
        (error) => error.status,
      );

    mock.server.use(http.get('https://app.test/flags', () => HttpResponse.json({ dark: true })));
    result.appHandler = await (await fetch('https://app.test/flags')).json();

    result.unhandled = await fetch(elsewhereUrl).then(
      () => 'answered',
      () => 'rejected',
    );
    result.unhandledPrinted = printed.some((line) => line.includes(elsewhereUrl));
    result.reachedNetworkWhenUnhandled = reachedNetwork;

    await mock.reset();
    result.afterReset = { journal: mock.journal.size, total: (await mock.as('user').client.calendars.list({ limit: 1 })).total };

    result.isolated = await mock.isolated(async (scope) => {
      scope.fail('calendars.list', 409);
      return mock
        .as('user')
        .client.calendars.list()
        .then(
          () => 'no error',
          (error) => error.status,
        );
    })();
    mock.close();

    // A stand-in server on the mock's base URL sees nothing of a burst across resets nobody awaits.
    const local = setupMockApi({ baseUrl: `http://127.0.0.1:${elsewhere.address().port}/v1` });
    await local.listen();
    const before = reachedNetwork;
    const burst = [];
    for (let i = 0; i < 40; i++) {
      burst.push(
        local
          .as('user')
          .client.calendars.list({ limit: 1 })
          .then(
            (page) => page.total,
            (error) => String(error),
          ),
      );
      if (i % 8 === 2) local.reset();
    }
    result.burst = { answered: (await Promise.all(burst)).filter((total) => total === 12).length, reachedNetwork: reachedNetwork - before };
    local.close();

    // The strategy is really passed on: with 'bypass' the same request reaches the network.
    const bypassing = setupMockApi();
    await bypassing.listen({ onUnhandledRequest: 'bypass' });
    result.bypass = await fetch(elsewhereUrl).then(
      (response) => response.text(),
      () => 'rejected',
    );
    bypassing.close();

    // A plain msw server beside the mock: refused before, reported after (it would take requests over).
    const codeOf = (call) => {
      try {
        call();
        return 'accepted';
      } catch (error) {
        return error.code;
      }
    };
    const plain = setupServer(http.get('*/v1/calendars', () => HttpResponse.json({ from: 'the plain server' })));
    plain.listen({ onUnhandledRequest: 'bypass' });
    const beside = setupMockApi();
    const refusedBeside = await beside.listen().then(
      () => 'accepted',
      (error) => error.code,
    );
    plain.close();
    await beside.listen();
    plain.listen({ onUnhandledRequest: 'bypass' });
    result.otherMsw = { before: refusedBeside, after: codeOf(() => beside.fail('calendars.list', 500)) };
    plain.close();
    result.otherMsw.afterClose = codeOf(() => beside.reset());
    beside.close();
  } catch (error) {
    result.error = String(error && error.stack ? error.stack : error);
  } finally {
    console.error = consoleError;
    elsewhere.close();
  }
  console.log(JSON.stringify(result));
}

main(process.argv[2] ?? 'cjs');
