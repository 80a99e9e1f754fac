/**
 * The mock answers the bounds of the SDK's schemas as the reference server does (it runs the
 * server's handlers): over the bound 400 naming the field and the bound, nothing stored; at the
 * bound, stored as sent. The full property test is the reference server's field-bounds test.
 */
import { textLimits } from '@medsched/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

const patient = '64d002000000000000000003';

describe('field bounds in the mock', () => {
  const mock = useMockApi();

  it('a calendar entry unit over 100 characters is 400 naming unit and 100; one of 100 is stored whole', async () => {
    const { headers } = mock.as('admin');
    const send = (unit: string) =>
      fetch(`${mock.baseUrl}/calendars/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ patient, date: '2026-06-01', amount: 1, unit }) });
    const count = () => mock.db.calendarEntries.findMany().length;
    const before = count();
    const unit = 'Tablette(n) à 400 mg, '.repeat(10);

    const over = await send(unit.slice(0, textLimits.label + 1));
    expect(over.status).toBe(400);
    const problem = (await over.json()) as { code: string; errors: { path: string; message: string }[] };
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toContainEqual({ path: 'unit', message: expect.stringContaining(String(textLimits.label)) as unknown });
    expect(count()).toBe(before);

    const at = await send(unit.slice(0, textLimits.label));
    expect(at.status).toBe(201);
    expect(((await at.json()) as { unit: string }).unit).toBe(unit.slice(0, textLimits.label));
    expect(count()).toBe(before + 1);
  });
});
