// An app developed against the mock, as the README's "Local development" recipe writes it.
import { createClient } from '@medsched/sdk';

const params = new URLSearchParams(location.search);
// Development only, and only with ?mock: a production build drops this block and both imports.
if (import.meta.env.MODE === 'development' && params.has('mock')) {
  const { setupMockWorker } = await import('@medsched/mock-server/browser');
  const { installDevPanel } = await import('@medsched/mock-server/dev-panel');
  // ?fresh: the test of every pair of operations resets often and needs no saved data.
  const mock = setupMockWorker({ persist: !params.has('fresh') });
  await mock.start({ quiet: true });
  await installDevPanel(mock);
}

const client = createClient({ baseUrl: `${location.origin}/v1`, apiKey: 'msk_demo_sonnen_user', maxRetries: 0 });
const status = document.querySelector('#status');
const list = document.querySelector('#entries');

async function show() {
  try {
    const page = await client.calendars.list({ limit: 3, sortBy: 'id' });
    list.replaceChildren(...page.items.map((entry) => Object.assign(document.createElement('li'), { textContent: entry.name })));
    status.textContent = 'Ready';
  } catch (error) {
    list.replaceChildren();
    status.textContent = `Failed: ${error.status ?? error.name}`;
  }
}

document.querySelector('#reload').addEventListener('click', () => {
  status.textContent = 'Loading';
  void show();
});
document.querySelector('#rename').addEventListener('click', async () => {
  const [first] = (await client.calendars.list({ limit: 1, sortBy: 'id' })).items;
  await client.calendars.update(first.id, { name: 'Renamed in development' });
  status.textContent = 'Loading';
  await show();
});

await show();
