import fc from 'fast-check';
import { operations, type OperationId } from '@medsched/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { maxDelayMs } from '../src/scenarios/scenario-checks.js';
import { adminApiKey, operationCalls, requestOf } from './operation-calls.js';
import { useMockApi } from './support.js';

/** A header only a scenario's answer carries: which operation's scenario answered. */
const marker = 'x-scenario-of';

/**
 * Every ordered pair of operations (A, B): a scenario on A leaves B to the reference server, for
 * each kind of scenario. The pairs that share a method and an msw pattern (`GET /calendars/:id`
 * matches `/calendars/bake`) are the ones this is about; the rest guard the matcher's future.
 */
describe('a scenario applies to exactly the operation it names (every pair of operations)', () => {
  const mock = useMockApi();

  /** Runs every call in order; what each got: its status and marker, or the network error. */
  async function runAll(except?: OperationId): Promise<Map<OperationId, { status: number; marker: string | null } | 'network-error'>> {
    const results = new Map<OperationId, { status: number; marker: string | null } | 'network-error'>();
    for (const call of operationCalls) {
      if (call.id === except) continue;
      try {
        const response = await fetch(...requestOf(call, mock.baseUrl));
        results.set(call.id, { status: response.status, marker: response.headers.get(marker) });
        await response.arrayBuffer();
      } catch {
        results.set(call.id, 'network-error');
      }
    }
    return results;
  }

  /** The pairs (`A → B`) where the scenario on A reached B, and where it missed A itself. */
  async function strayPairs(apply: (operation: OperationId) => void, hitsA: (result: unknown) => boolean, options: { skipA?: boolean } = {}): Promise<string[]> {
    const stray: string[] = [];
    for (const { id: scenarioOn } of operationCalls) {
      await mock.reset();
      apply(scenarioOn);
      const results = await runAll(options.skipA ? scenarioOn : undefined);
      for (const [operation, result] of results) {
        if (operation === scenarioOn) {
          if (!hitsA(result)) stray.push(`${scenarioOn} missed itself`);
          continue;
        }
        // Answered by the reference server: no scenario's marker, and the journal saw that operation.
        if (result === 'network-error' || result.marker !== null) stray.push(`${scenarioOn} → ${operation}`);
      }
      const journaled = mock.journal.all().map((entry) => entry.operation);
      expect(journaled).toEqual(operationCalls.map((call) => call.id).filter((id) => !(options.skipA && id === scenarioOn)));
    }
    return stray;
  }

  it('fail()', async () => {
    const stray = await strayPairs(
      (operation) => mock.fail(operation, { status: 599, headers: { [marker]: operation } }),
      (result) => typeof result === 'object' && result !== null && (result as { status: number }).status === 599,
    );
    expect(stray).toEqual([]);
  });

  it('networkError()', async () => {
    const stray = await strayPairs(
      (operation) => mock.networkError(operation),
      (result) => result === 'network-error',
    );
    expect(stray).toEqual([]);
  });

  it('respond()', async () => {
    // The bodies the reference server gives each operation: valid answers to respond with.
    await mock.reset();
    const bodies = new Map<OperationId, unknown>();
    for (const call of operationCalls) {
      const response = await fetch(...requestOf(call, mock.baseUrl));
      expect(response.ok, `${call.id} answers ${response.status}`).toBe(true);
      const text = await response.text();
      bodies.set(call.id, text === '' ? undefined : JSON.parse(text));
    }
    const stray = await strayPairs(
      (operation) => mock.respond(operation as never, bodies.get(operation) as never, { headers: { [marker]: operation } }),
      (result) => typeof result === 'object' && result !== null && (result as { marker: string | null }).marker !== null,
    );
    expect(stray).toEqual([]);
  });

  it('delay(): a delay without end on A, and every other operation still answers', async () => {
    // Were A's delay applied to B, B would wait for about 24 days: the test would not end.
    const stray = await strayPairs(
      (operation) => mock.delay(operation, maxDelayMs),
      () => true,
      { skipA: true },
    );
    expect(stray).toEqual([]);
  });

  it('a method and path names the operation the server routes it to, and parameter values narrow it', async () => {
    mock.fail('GET /calendars/:id', { status: 599, headers: { [marker]: 'calendars.get' } });
    mock.fail('POST /calendars/bake', { status: 598, headers: { [marker]: 'bake.create' } });
    const byId = new Map(operationCalls.map((call) => [call.id, call]));
    const status = async (id: OperationId) => (await fetch(...requestOf(byId.get(id)!, mock.baseUrl))).status;
    expect(await status('bake.get')).toBe(200);
    expect(await status('calendars.get')).toBe(599);
    expect(await status('bake.create')).toBe(598);
    expect(await status('calendars.replace')).toBe(200);

    await mock.reset();
    const other = '64d005000000000000000002';
    mock.fail(`GET /calendars/${other}`, 599);
    expect(await status('calendars.get')).toBe(200);
    expect((await fetch(...requestOf({ id: 'calendars.get', method: 'GET', path: `/calendars/${other}` }, mock.baseUrl))).status).toBe(599);
  });

  it('property: a scenario answers a request exactly when the journal names the request its operation', async () => {
    const ids = Object.keys(operations) as OperationId[];
    // Paths of the catalogue with each parameter filled by an id or by another route's literal
    // (`/calendars/bake`), sometimes with a segment more or less; any method, HEAD included.
    const path = fc
      .tuple(fc.constantFrom(...ids), fc.array(fc.constantFrom('64d005000000000000000001', 'bake', 'events', 'x', '%62ake'), { minLength: 2, maxLength: 2 }), fc.constantFrom('', '/', '/extra'))
      .map(([id, values, tail]) => operations[id].path.replace(/\{\w+\}/g, () => values.shift() ?? 'x').replace(/\/$/, '') + tail);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ids), fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'HEAD'), path, async (scenarioOn, method, requestPath) => {
        await mock.reset();
        mock.fail(scenarioOn, 599);
        const response = await fetch(`${mock.baseUrl}${requestPath}`, { method, headers: { 'x-api-key': adminApiKey } });
        await response.arrayBuffer();
        expect(response.status === 599, `${method} ${requestPath}`).toBe(mock.journal.last()?.operation === scenarioOn);
      }),
      { numRuns: 1000 },
    );
  });
});
