/**
 * The mock answers the bounds of the SDK's schemas as the reference server does (it runs the
 * server's handlers): over the bound 400 naming the field and the bound, nothing stored; at the
 * bound, stored as sent. The full property test is the reference server's field-bounds test.
 */
import { textLimits } from '@medsched/sdk/schemas';
import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

describe('field bounds in the mock', () => {
  const mock = useMockApi();

  it('a medication name over 500 characters is 400 naming name and 500; one of 500 is stored whole', async () => {
    const { headers } = mock.as('admin');
    const send = (name: string) => fetch(`${mock.baseUrl}/medications/`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    const count = () => mock.db.medications.findMany().length;
    const before = count();

    const over = await send('Ibuprofen 400 mg '.repeat(40).slice(0, textLimits.title + 1));
    expect(over.status).toBe(400);
    const problem = (await over.json()) as { code: string; errors: { path: string; message: string }[] };
    expect(problem.code).toBe('validation_failed');
    expect(problem.errors).toContainEqual({ path: 'name', message: expect.stringContaining(String(textLimits.title)) });
    expect(count()).toBe(before);

    const whole = 'Ibuprofen 400 mg '.repeat(40).slice(0, textLimits.title);
    const at = await send(whole);
    expect(at.status).toBe(201);
    expect(((await at.json()) as { name: string }).name).toBe(whole);
    expect(count()).toBe(before + 1);
  });
});
