// Runs two "stories" the way Storybook's portable stories do (the preview's beforeEach, the play
// function, the clean-up), with the preview above: the story's own msw handlers and the mock's
// scenarios and data are gone for the next story.
import { http, HttpResponse } from 'msw';
import { afterAll, expect, it } from 'vitest';
import preview, { mock } from './preview.js';

async function runStory(play) {
  const context = {};
  const cleanUp = await preview.beforeEach(context);
  try {
    await play(context);
  } finally {
    await cleanUp();
  }
}

afterAll(() => mock.close());

it('a story overrides one route through context.msw, fails another, and writes', async () => {
  await runStory(async ({ msw }) => {
    expect(msw).toBe(mock.server);
    msw.use(http.get('*/v1/organizations/:id', () => HttpResponse.json({ id: 'story', name: 'From the story' })));
    mock.fail('calendars.get', 503);
    const { client, headers } = mock.as('user');
    expect(await (await fetch(`${mock.baseUrl}/organizations/64d001000000000000000001`, { headers })).json()).toMatchObject({ name: 'From the story' });
    await expect(client.calendars.get('64d005000000000000000001')).rejects.toMatchObject({ status: 503 });
    const entry = await client.calendars.create({ patient: mock.as('patient').credential.userId, name: 'Story entry', date: '2026-05-04' });
    expect(entry.createdAt).toBe('2026-05-04T08:00:00.000Z');
  });
});

it('the next story sees none of it', async () => {
  await runStory(async () => {
    const { client, headers } = mock.as('user');
    expect((await (await fetch(`${mock.baseUrl}/organizations/64d001000000000000000001`, { headers })).json()).name).not.toBe('From the story');
    expect((await client.calendars.get('64d005000000000000000001')).id).toBe('64d005000000000000000001');
    expect((await client.calendars.list({ limit: 1 })).total).toBe(12);
    expect(mock.journal.size).toBe(3);
  });
});
