// A small app in mock mode, as a team writes it: its own setupMockWorker() set-up, the SDK.
import { createClient } from '@medsched/sdk';
import { setupMockWorker } from '@medsched/mock-server/browser';

const params = new URLSearchParams(location.search);
const mock = setupMockWorker({ persist: params.has('persist') });

// A wrong move: a plain msw worker in the same page (a hand-written mock left beside this one),
// started before the mock (?plain=before) or after it (?plain=after).
const plainMode = params.get('plain');
let plain;
if (plainMode) {
  const [{ setupWorker }, { http, HttpResponse }] = await Promise.all([import('msw/browser'), import('msw')]);
  plain = setupWorker(http.get('*/v1/calendars', () => HttpResponse.json({ from: 'the plain worker' })));
}
if (plainMode === 'before') {
  await plain.start({ quiet: true });
  const refused = await mock.start({ quiet: true }).then(
    () => 'started',
    (error) => `${error.code}: ${error.message}`,
  );
  document.querySelector('#second').textContent = refused;
  throw new Error('the page stops here: its mock did not start');
}
await mock.start({ quiet: true });
if (params.has('restart')) {
  // The mock's own stop and start again: its own interceptors are no other worker.
  mock.stop();
  await mock.start({ quiet: true });
}
if (plainMode === 'after') {
  await plain.start({ quiet: true });
  // The plain worker now answers the app's requests: the mock's next call says so.
  try {
    await mock.reset();
    document.querySelector('#second').textContent = 'reset';
  } catch (error) {
    document.querySelector('#second').textContent = `${error.code}: ${error.message}`;
  }
  throw new Error('the page stops here: the plain worker took its requests over');
}

// The credential the test hands the app (mockApi.as(role).headers), or sonnen's nurse.
const client = createClient({ baseUrl: `${location.origin}/v1`, apiKey: params.get('key') ?? 'msk_demo_sonnen_user', maxRetries: 0 });

if (params.has('second')) {
  // A wrong move: a second mock in the same page (an app that sets one up in two places).
  try {
    await setupMockWorker().start({ quiet: true });
    document.querySelector('#second').textContent = 'started';
  } catch (error) {
    document.querySelector('#second').textContent = `${error.code}: ${error.message}`;
  }
}
const patient = params.get('patient') ?? undefined;
const status = document.querySelector('#status');
const list = document.querySelector('#entries');

async function show() {
  const page = await client.calendars.list({ patient, limit: 50, sortBy: 'id' });
  list.replaceChildren(...page.items.map((entry) => Object.assign(document.createElement('li'), { textContent: entry.name })));
}

document.querySelector('#rename').addEventListener('click', async () => {
  try {
    const [first] = (await client.calendars.list({ patient, limit: 1, sortBy: 'id' })).items;
    await client.calendars.update(first.id, { name: 'Renamed' });
    status.textContent = 'Saved';
    await show();
  } catch (error) {
    status.textContent = `Failed: ${error.status ?? error.message}`;
  }
});

await show();
status.textContent = 'Ready';
