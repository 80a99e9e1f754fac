// The same real calls in every cell of the ecosystem suite. CommonJS with no imports of its own,
// so that Node (CJS and ESM), Jest's CommonJS module system, bundlers and workerd can all load
// it; the SDK module is handed in, so the cell decides how it was loaded (require, import, bundle).
'use strict';

/**
 * Runs the scenario and returns one check per step: `{ name, ok, detail }`.
 * @param {typeof import('@medsched/sdk')} sdk the SDK module as the cell loaded it
 * @param {{ baseUrl: string, proxyUrl: string, closedUrl: string, apiKey: string, patient: string, organization: string, runId: string }} env
 *   `closedUrl` a loopback port that was just closed (refuses connections);
 *   `proxyUrl` is the fault proxy in front of the same server: `x-fault: <drop|503|stall>:<token>` acts on the first request with that token only
 */
async function runScenario(sdk, env) {
  const checks = [];
  const check = async (name, step) => {
    try {
      const detail = await step();
      checks.push({ name, ok: detail === true || (typeof detail === 'string' && !detail.startsWith('FAIL')), detail: String(detail) });
    } catch (error) {
      checks.push({ name, ok: false, detail: `threw ${error && error.name}: ${error && error.message}` });
    }
  };
  const expectError = (promise) =>
    promise.then(
      () => {
        throw new Error('expected the call to fail, it succeeded');
      },
      (error) => error,
    );
  const waits = [];
  const fast = { baseUrl: env.baseUrl, apiKey: env.apiKey, retryDelays: { initialMs: 1, maxMs: 5 } };
  const client = sdk.createClient(fast);
  const faulty = sdk.createClient({ ...fast, baseUrl: env.proxyUrl, logger: (entry) => entry.type === 'retry-wait' && waits.push(entry) });
  const fault = (kind, step) => ({ 'x-fault': `${kind}:${env.runId}:${step}` });

  await check('list a page', async () => {
    const page = await client.calendars.list({ patient: env.patient, limit: 2 });
    return page.items.length === 2 && page.total >= 2 ? `2 of ${page.total}` : `FAIL ${page.items.length} of ${page.total}`;
  });
  await check('iterate across pages', async () => {
    const seen = new Set();
    for await (const entry of client.calendars.iterate({ patient: env.patient, limit: 1 })) {
      seen.add(entry.id);
      if (seen.size === 3) break;
    }
    return seen.size === 3 ? '3 distinct entries, 1 per page' : `FAIL ${seen.size}`;
  });
  await check('get with response metadata', async () => {
    const { data, status, headers } = await client.organizations.get(env.organization).withResponse();
    return status === 200 && typeof data.name === 'string' && headers.get('x-request-id') ? `${status} ${data.name}` : `FAIL ${status}`;
  });
  await check('typed 404, its name intact', async () => {
    const error = await expectError(client.medications.get('000000000000000000000000'));
    const ok = error instanceof sdk.NotFoundError && error instanceof sdk.MedschedError && error.name === 'NotFoundError' && error.code === 'not_found' && error.status === 404;
    return ok ? `${error.name} ${error.code}` : `FAIL ${error && error.name} ${error && error.code}`;
  });
  await check('local validation, nothing sent', async () => {
    const error = await expectError(client.calendars.create({ patient: env.patient, intaketime: '21:30' }));
    return error instanceof sdk.ValidationError && error.name === 'ValidationError' && /intakeTime/.test(error.message) ? 'ValidationError' : `FAIL ${error && error.name}`;
  });
  await check('a create replayed by its Idempotency-Key', async () => {
    const body = { patient: env.patient, name: `Ecosystem replay ${env.runId}`, date: '2026-12-01', intakeTime: '08:00' };
    const key = `ecosystem-${env.runId}`;
    const first = await client.calendars.create(body, { idempotencyKey: key }).withResponse();
    const again = await client.calendars.create(body, { idempotencyKey: key }).withResponse();
    return first.data.id === again.data.id && again.headers.get('idempotent-replayed') === 'true' ? 'same id, replayed' : 'FAIL';
  });
  await check('bake (read) of a week', async () => {
    const result = await client.calendars.bake.get({ patient: env.patient, from: '2026-11-23', to: '2026-11-29' });
    return Array.isArray(result.data) ? `${result.data.length} entries` : 'FAIL';
  });
  await check('abort', async () => {
    const controller = new AbortController();
    const call = faulty.organizations.get(env.organization, { signal: controller.signal, headers: fault('stall', 'abort') });
    controller.abort();
    const error = await expectError(call);
    return error instanceof sdk.AbortError && error.name === 'AbortError' ? 'AbortError' : `FAIL ${error && error.name}`;
  });
  await check('timeout (a server that never answers)', async () => {
    const error = await expectError(faulty.organizations.get(env.organization, { timeout: 300, maxRetries: 0, headers: fault('stall', 'timeout') }));
    return error instanceof sdk.TimeoutError && error instanceof sdk.ConnectionError && error.name === 'TimeoutError' ? 'TimeoutError' : `FAIL ${error && error.name} ${error && error.message}`;
  });
  await check('503 then 200', async () => {
    waits.length = 0;
    const org = await faulty.organizations.get(env.organization, { headers: fault('503', 'get') });
    return typeof org.name === 'string' && waits.length === 1 && waits[0].reason === 'server_error' && waits[0].status === 503 ? 'retried once' : `FAIL ${JSON.stringify(waits)}`;
  });
  await check('a create whose connection drops after the server wrote it', async () => {
    waits.length = 0;
    const name = `Ecosystem dropped ${env.runId}`;
    const created = await faulty.calendars.create({ patient: env.patient, name, date: '2026-12-02', timeCategory: 'noon' }, { headers: fault('drop', 'create') }).withResponse();
    const page = await client.calendars.list({ patient: env.patient, name, limit: 10 });
    const stored = page.items.filter((entry) => entry.name === name);
    const ok = created.status === 201 && created.headers.get('idempotent-replayed') === 'true' && stored.length === 1 && waits.length === 1 && waits[0].reason === 'connection_error';
    return ok ? 'retried with its key, one record' : `FAIL status ${created.status}, stored ${stored.length}, waits ${JSON.stringify(waits.map((wait) => wait.reason))}`;
  });
  await check('a refused connection is a ConnectionError', async () => {
    const nowhere = sdk.createClient({ ...fast, baseUrl: env.closedUrl, maxRetries: 0 });
    const error = await expectError(nowhere.organizations.get(env.organization));
    return error instanceof sdk.ConnectionError && error.name === 'ConnectionError' && error.code === 'connection_error' ? 'ConnectionError' : `FAIL ${error && error.name} ${error && error.code}`;
  });
  return checks;
}

module.exports = { runScenario };
