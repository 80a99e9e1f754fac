import { setupMockApi } from '@medsched/mock-server';
import { Window } from 'happy-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bakeWeek, loadWeek, weekFrom } from '../src/calendar-data.js';
import { startCalendarPage } from '../src/calendar-page.js';

const patient = '64d002000000000000000003';
const week = weekFrom('2026-01-05');

const mock = setupMockApi();
beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

/** The page rendered into a happy-dom document; the SDK client uses Node's fetch, which msw intercepts. */
async function renderPage() {
  const window = new Window({ url: 'https://app.medsched.test/' });
  const root = window.document.createElement('div');
  window.document.body.append(root);
  await startCalendarPage(root as unknown as Element, { client: mock.as('user').client, patient, week });
  const texts = () => [...root.querySelectorAll('[data-testid="entries"] li')].map((item) => item.textContent);
  const status = () => root.querySelector('[data-testid="status"]')!.textContent;
  const clickBake = async () => {
    (root.querySelector('[data-testid="bake"]') as unknown as HTMLButtonElement).click();
    await expect.poll(status, { timeout: 10_000 }).not.toMatch(/Baking/);
  };
  return { texts, status, clickBake, close: () => window.happyDOM.close() };
}

describe('calendar data (Node, setupMockApi)', () => {
  it('lists the week of a seeded patient', async () => {
    const seeded = await mock.seed.patient({ name: 'Nina Node' });
    await mock.seed.calendarEntry({ patient: seeded.id, name: 'Inside', date: '2026-01-07', intakeTime: '07:30' });
    await mock.seed.calendarEntry({ patient: seeded.id, name: 'Outside', date: '2026-02-01' });
    const entries = await loadWeek(mock.as('user').client, seeded.id, week);
    expect(entries.map((entry) => [entry.date, entry.startTime, entry.title])).toEqual([['2026-01-07', '07:30', 'Inside']]);
  });

  it('bakes the week and sends what the API expects', async () => {
    const summary = await bakeWeek(mock.as('user').client, patient, week);
    // Two one-off entries plus seven daily occurrences of the series; the patient's device has alarms on.
    expect(summary.baked).toBe(9);
    expect(summary.devices).toBe(1);
    expect(summary.alarms).toBeGreaterThan(0);
    expect(mock.journal.calls('bake.create').map((call) => call.body)).toEqual([{ patient, from: '2026-01-05', to: '2026-01-11' }]);
  });
});

describe('calendar page (Node, happy-dom)', () => {
  it('shows the drafts, then the baked week after "Bake week"', async () => {
    const page = await renderPage();
    expect(page.status()).toBe('Ready');
    expect(page.texts()).toEqual(['2026-01-05 08:00 Morning tablet (draft)', '2026-01-05 08:00 Daily dose (series)', '2026-01-06 18:00 Evening tablet (draft)']);
    await page.clickBake();
    expect(page.status()).toMatch(/^Baked 9 entries; \d+ alarms on 1 devices$/);
    expect(page.texts().filter((text) => text?.endsWith('(baked)'))).toHaveLength(9);
    await page.close();
  });

  it('shows the conflict when the bake is refused', async () => {
    mock.fail('POST /calendars/bake', { status: 409, detail: 'another bake of this patient is running' });
    const page = await renderPage();
    await page.clickBake();
    expect(page.status()).toContain('Bake failed');
    expect(page.status()).toContain('another bake of this patient is running');
    await page.close();
  });

  it('tells when the calendar cannot be loaded (offline)', async () => {
    mock.networkError('calendars.list');
    const page = await renderPage();
    expect(page.status()).toMatch(/^Could not load the calendar/);
    await page.close();
  });
});
