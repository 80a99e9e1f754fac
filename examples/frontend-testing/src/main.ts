import { createClient } from '@medsched/sdk';
import { weekFrom } from './calendar-data.js';
import { startCalendarPage } from './calendar-page.js';

/**
 * The page's entry. Settings come from the query string so that one build serves every case:
 * `?mock` serves the API from msw's service worker (no server needed), `?mock&persist` keeps its
 * database across reloads and tabs; `apiKey`, `patient`,
 * `from` and `baseUrl` default to the demo data of the reference server.
 */
async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  if (params.has('mock')) {
    // Loaded only in mock mode: production bundles never fetch msw.
    const { startMockApi } = await import('./mocks/browser.js');
    await startMockApi({ persist: params.has('persist') });
  }
  const client = createClient({
    baseUrl: params.get('baseUrl') ?? `${location.origin}/v1`,
    apiKey: params.get('apiKey') ?? 'msk_demo_sonnen_user',
    maxRetries: 0,
  });
  await startCalendarPage(document.querySelector('#app')!, {
    client,
    patient: params.get('patient') ?? '64d002000000000000000003',
    week: weekFrom(params.get('from') ?? '2026-01-05'),
  });
  document.body.dataset.ready = 'true';
}

main().catch((error: unknown) => {
  document.body.textContent = `The page failed to start: ${error instanceof Error ? error.message : String(error)}`;
});
