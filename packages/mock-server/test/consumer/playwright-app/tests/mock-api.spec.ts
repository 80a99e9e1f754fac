import { test as base, expect } from '@playwright/test';
import { mockApiFixture, type MockApiRemote } from '@medsched/mock-server/playwright';

const test = base.extend<{ mockApi: MockApiRemote }>({ mockApi: mockApiFixture });

test('seeds and fails before the app\'s first request, then reads the journal', async ({ page, mockApi }) => {
  const patient = await mockApi.seed.patient({ name: 'Paula Playwright' });
  // Queued before the page loads: only the fields given and the id, which the types say.
  expect(patient).toEqual({ id: patient.id, name: 'Paula Playwright' });
  // @ts-expect-error `role` may be missing from a queued seed (Partial)
  const role: string = patient.role;
  expect(role).toBeUndefined();
  await mockApi.seed.calendarEntry({ patient: patient.id, name: 'Seeded tablet' });
  await mockApi.fail('PATCH /calendars/:id', 409);

  await page.goto(`/?patient=${patient.id}`);
  await expect(page.locator('#status')).toHaveText('Ready');
  await expect(page.locator('#entries li')).toHaveText(['Seeded tablet']);

  await page.click('#rename');
  await expect(page.locator('#status')).toHaveText('Failed: 409');
  const patches = await mockApi.journal.find({ method: 'PATCH', path: '/calendars/:id' });
  expect(patches).toHaveLength(1);
  expect(patches[0]?.body).toEqual({ name: 'Renamed' });
});

test('answers a route with a typed body from the test', async ({ page, mockApi }) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveText('Ready');
  const [first] = await mockApi.journal.calls('calendars.list');
  expect(first?.outcome).toBe(200);
  await mockApi.respond('calendars.list', [], { once: true });
  await page.click('#rename');
  await expect(page.locator('#status')).toContainText('Failed');
});

test('keeps the data across reloads with persist, until reset', async ({ page, mockApi }) => {
  await page.goto('/?persist');
  await expect(page.locator('#status')).toHaveText('Ready');
  await page.click('#rename');
  await expect(page.locator('#status')).toHaveText('Saved');
  await page.reload();
  await expect(page.locator('#entries li', { hasText: 'Renamed' })).toHaveCount(1);

  await mockApi.reset();
  await page.reload();
  await expect(page.locator('#status')).toHaveText('Ready');
  await expect(page.locator('#entries li', { hasText: 'Renamed' })).toHaveCount(0);
});

test('serves a signed PDF link in the browser: the plan, drawn by the bundled PDF writer', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#status')).toHaveText('Ready');
  const pdf = await page.evaluate(async () => {
    const headers = { 'x-api-key': 'msk_demo_sonnen_user' };
    const plan = 'https://app.medsched.test/patients/64d002000000000000000003/plan';
    const { signed } = await (await fetch(`/v1/pdf/?urlPath=${encodeURIComponent(plan)}`, { headers })).json();
    const answer = await fetch(signed);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return { status: answer.status, type: answer.headers.get('content-type'), head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length };
  });
  expect(pdf).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' });
  expect(pdf.size).toBeGreaterThan(5000);
});
