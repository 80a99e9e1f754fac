import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { useMockApi } from './support.js';

/** vi.waitFor's default of 1 s is a timing window a loaded machine misses: a generous bound instead (polling stops as soon as the condition holds). */
const untilLoaded = { timeout: 20_000, interval: 10 };

/** A promise the test releases by hand: a request held in a handler until then, without timers. */
function gate(): { wait: Promise<void>; release: () => void } {
  let release!: () => void;
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { wait, release };
}

describe('the journal while requests are in flight, and reset generations', () => {
  const mock = useMockApi();

  it("shows a request as pending until it is answered, also when the app's own handler answers", async () => {
    const held = gate();
    mock.server.use(
      http.get('*/v1/calendars/:id', async () => {
        await held.wait;
        return HttpResponse.json({ answeredBy: 'the app' }, { status: 203 });
      }),
    );
    const answer = fetch(`${mock.baseUrl}/calendars/64d003000000000000000001`, { headers: mock.as('user').headers });
    await vi.waitFor(() => expect(mock.journal.find({ path: '/calendars/:id' })).toHaveLength(1), untilLoaded);
    expect(mock.journal.last()).toMatchObject({ method: 'GET', operation: 'calendars.get', outcome: 'pending' });

    held.release();
    expect((await answer).status).toBe(203);
    await vi.waitFor(() => expect(mock.journal.last()?.outcome).toBe(203), untilLoaded);
  });

  it('shows a request held by mock.delay() as pending', async () => {
    mock.delay('calendars.list', 60_000);
    const aborted = new AbortController();
    const answer = fetch(`${mock.baseUrl}/calendars/`, { headers: mock.as('user').headers, signal: aborted.signal }).catch((error: unknown) => error);
    await vi.waitFor(() => expect(mock.journal.find({ operation: 'calendars.list' })).toHaveLength(1), untilLoaded);
    expect(mock.journal.last()).toMatchObject({ method: 'GET', outcome: 'pending' });
    aborted.abort();
    expect(await answer).toBeInstanceOf(Error);
  });

  it('shows a held request as pending with its body', async () => {
    const held = gate();
    // The app's handler holds the request, then hands it on to the mock (returns nothing).
    mock.server.use(
      http.post('*/v1/calendars', async () => {
        await held.wait;
      }),
    );
    const patient = (await mock.seed.patient()).id;
    const created = mock.as('user').client.calendars.create({ patient, name: 'Held', date: '2026-03-01' });
    await vi.waitFor(() => expect(mock.journal.last()?.body).toMatchObject({ name: 'Held' }), untilLoaded);
    expect(mock.journal.last()?.outcome).toBe('pending');
    held.release();
    expect((await created).name).toBe('Held');
    expect(mock.journal.last()?.outcome).toBe(201);
  });

  it('answers a request that arrived before reset() from the old generation, touching neither the new database nor the new journal', async () => {
    const held = gate();
    mock.server.use(
      http.post('*/v1/calendars', async () => {
        await held.wait;
      }),
    );
    const patient = mock.db.users.all().find((user) => user.role === 'patient')!.id;
    const late = mock.as('user').client.calendars.create({ patient, name: 'Late answer', date: '2026-03-01' });
    await vi.waitFor(() => expect(mock.journal.last()?.outcome).toBe('pending'), untilLoaded);

    await mock.reset();
    held.release();
    const entry = await late;

    // Created, in the generation it arrived in: the new one has neither the record nor the request.
    expect(entry.name).toBe('Late answer');
    expect(mock.db.calendarEntries.get(entry.id)).toBeUndefined();
    expect(mock.journal.entries).toEqual([]);
  });
});
