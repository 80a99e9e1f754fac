import { test as base, expect } from '@playwright/test';
import { mockApiFixture, type MockApiRemote } from '@medsched/mock-server/playwright';

const test = base.extend<{ mockApi: MockApiRemote }>({ mockApi: mockApiFixture });

test("seeds and fails before the app's first request, then reads the journal", async ({ page, mockApi }) => {
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

test('clearScenarios() ends every scenario, a delay too, and keeps the saved data; the journal reads as in Node', async ({ page, mockApi }) => {
  await page.goto('/?persist');
  await expect(page.locator('#status')).toHaveText('Ready');
  await page.click('#rename');
  await expect(page.locator('#status')).toHaveText('Saved');
  // The app says Saved before it reads the list again: wait for that read, so that no request of
  // the app is in flight when the endless delay below starts (it would hang there).
  await expect(page.locator('#entries li', { hasText: 'Renamed' })).toHaveCount(1);
  await mockApi.fail('PATCH /calendars/:id', 409);
  // A delay without end: were it still there after the switch, the rename below would never answer.
  await mockApi.delay('calendars.list', 2 ** 31 - 1);
  await mockApi.clearScenarios();
  await page.click('#rename');
  // The status still says Saved from the first rename: wait for the second PATCH itself.
  await expect.poll(() => mockApi.journal.count({ method: 'PATCH' })).toBe(2);
  await expect(page.locator('#status')).toHaveText('Saved');
  expect((await mockApi.journal.all()).filter((entry) => entry.method === 'PATCH').map((entry) => entry.outcome)).toEqual([200, 200]);
  expect(await mockApi.journal.count({ method: 'PATCH' })).toBe(2);
  await page.reload();
  await expect(page.locator('#entries li', { hasText: 'Renamed' })).toHaveCount(1);
  await mockApi.reset();
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

test("a bad call queued before the first navigation throws at the call, with the real message and the test's line", async ({ page, mockApi }) => {
  const error = await mockApi.fail('GET /calendar' as never, 500).then(
    () => undefined,
    (caught: Error) => caught,
  );
  expect(error?.message).toMatch(/route "GET \/calendar" names no operation of the API/);
  expect(error?.stack).toContain('mock-api.spec.ts');
  await expect(mockApi.seed.patient({ nmae: 'Paula' } as never)).rejects.toThrow(/mock\.seed\.patient: unknown field "nmae"/);
  await expect(mockApi.seed.calendarEntry({ rrule: 'FREQ=MINUTELY' })).rejects.toThrow(/mock\.seed\.calendarEntry: rrule: .*refuses this rule at create/);
  await expect(mockApi.delay(-5)).rejects.toThrow(/latency in milliseconds/);
  await expect(mockApi.respond('calendars.list', [{ id: 1 }] as never)).rejects.toThrow(/does not fit the response of calendars\.list/);
  // Nothing of it was queued: the page starts its mock and the app works.
  await page.goto('/');
  await expect(page.locator('#status')).toHaveText('Ready');
});

test("a queued call that fails only in the page is reported with the page's message, not a start-up time-out", async ({ page, mockApi }) => {
  await mockApi.seed.calendarEntry({ patient: '64d0ffffffffffffffffffff' });
  await page.goto('/');
  await expect(mockApi.journal.entries()).rejects.toThrow(/did not start its mock: a call queued before page\.goto\(\) failed there: .*patient 64d0ffffffffffffffffffff does not exist/);
});

test("as() and signIn() give the page's users to the test, after the page started its mock", async ({ page, mockApi }) => {
  await expect(mockApi.as('admin')).rejects.toThrow(/mockApi\.as\(\) reads the page's mock.*after page\.goto/);
  await page.goto('/');
  await expect(page.locator('#status')).toHaveText('Ready');
  const admin = await mockApi.as('admin', { organization: 'lindenhof' });
  expect(admin.credential).toMatchObject({ role: 'admin', organizationId: '64d001000000000000000002' });
  // The app runs as that user: lindenhof's calendar, not sonnen's.
  await page.goto(`/?key=${admin.headers['x-api-key']}`);
  await expect(page.locator('#status')).toHaveText('Ready');
  const [list] = await mockApi.journal.calls('calendars.list');
  expect(list?.outcome).toBe(200);

  const nurse = await mockApi.signIn('user', { ttlSeconds: 120 });
  expect(nurse.headers.authorization).toBe(`Bearer ${nurse.accessToken}`);
  expect(nurse.refreshToken).toBeTruthy();
  const status = await page.evaluate(async (authorization) => (await fetch('/v1/organizations/64d001000000000000000001', { headers: { authorization } })).status, nurse.headers.authorization);
  expect(status).toBe(200);
});

test('a plain msw worker already started in the page: the mock refuses to start, saying what to do', async ({ page }) => {
  page.on('pageerror', () => {}); // the page stops after showing the refusal
  await page.goto('/?plain=before');
  await expect(page.locator('#second')).toHaveText(/^other_msw: another msw worker is already intercepting requests in this page \(.*\).*mock\.worker\.use\(/);
});

test("a plain msw worker started in the page after the mock: the mock's next call fails, saying what to do", async ({ page, mockApi }) => {
  page.on('pageerror', () => {}); // the page stops after showing the refusal
  await page.goto('/?plain=after');
  await expect(page.locator('#second')).toHaveText(/^other_msw: mock\.reset\(\): another msw worker started in this page after the mock \(.*\).*mock\.worker\.use\(/);
  // The test's own calls through the fixture say the same.
  await expect(mockApi.fail('GET /calendars', 500)).rejects.toThrow(/another msw worker started in this page after the mock/);
});

test("the mock's own restart, reset and a reload are not taken for another worker", async ({ page, mockApi }) => {
  await page.goto('/?restart');
  await expect(page.locator('#status')).toHaveText('Ready');
  await mockApi.reset();
  await page.reload();
  await expect(page.locator('#status')).toHaveText('Ready');
  await mockApi.fail('GET /calendars', 500);
  await page.locator('#rename').click();
  await expect(page.locator('#status')).toHaveText('Failed: 500');
});

test('a second mock in the page is refused; the first goes on answering alone', async ({ page, mockApi }) => {
  await page.goto('/?second');
  await expect(page.locator('#status')).toHaveText('Ready');
  await expect(page.locator('#second')).toHaveText(/^already_listening: another mock API is already started in this page/);
  expect(await mockApi.journal.count({ operation: 'calendars.list' })).toBe(1);
});
