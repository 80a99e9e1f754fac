import { describe, expect, it } from 'vitest';
import { useMockApi } from './support.js';

describe('respond(): one route answered with a body typed from the contract', () => {
  const mock = useMockApi();
  it('answers the route with the given body and journals it', async () => {
    const { client } = mock.as('user');
    const [stored] = (await client.calendars.list({ limit: 1 })).items;
    const entryId = stored!.id;
    mock.respond('GET /calendars/:id', { ...stored!, name: 'Changed on another device' });
    expect((await client.calendars.get(entryId)).name).toBe('Changed on another device');
    expect(mock.journal.last()).toMatchObject({ operation: 'calendars.get', outcome: 200 });
    // Other routes still come from the database.
    expect((await client.calendars.list({ limit: 1 })).total).toBe(12);
  });

  it('takes an operation id, a list body (with its total), and once', async () => {
    const { client } = mock.as('user');
    mock.respond('calendars.list', [], { once: true });
    const empty = await client.calendars.list();
    expect(empty.items).toEqual([]);
    expect(empty.total).toBe(0);
    expect((await client.calendars.list({ limit: 1 })).total).toBe(12);
  });

  it('refuses a body that does not fit the contract, naming the field, where the test writes it', () => {
    const wrong = { id: '64d003000000000000000001', name: 42 };
    // @ts-expect-error name must be a string
    expect(() => mock.respond('GET /calendars/:id', wrong)).toThrow(/calendars\.get: .*name/);
    // @ts-expect-error no such route in the contract
    expect(() => mock.respond('GET /calendarz/:id', {})).toThrow(/names no operation/);
    // @ts-expect-error errors belong to mock.fail
    expect(() => mock.respond('calendars.list', [], { status: 404 })).toThrow(/mock\.fail/);
  });
});
