// Two stories run by Storybook's own portable-stories runner (composeStory from storybook's
// preview API: project loaders, the story's loaders, beforeEach, render, play, clean-up) with the
// preview in preview.ts: the first seeds in its loaders, overrides a route through context.msw and
// fails another; the second sees none of it.
import { http, HttpResponse } from 'msw';
import { composeStory } from 'storybook/preview-api';
import { afterAll, expect, it } from 'vitest';
import preview, { mock } from './preview.ts';

const meta = { title: 'Calendar', render: () => 'rendered' };
// In Node there is no canvas: a renderer that draws nothing (the framework's renderToCanvas in an app).
const project = { ...preview, renderToCanvas: async () => () => {} };
const canvasElement = {};

afterAll(() => mock.close());

const seeding = composeStory(
  {
    name: 'Seeds in its loaders',
    loaders: [async () => ({ patient: await mock.seed.patient({ name: 'Paula Story' }) })],
    beforeEach: () => mock.fail('calendars.get', 503),
    async play({ loaded, msw }) {
      expect(msw).toBe(mock.server);
      const { client, headers } = mock.as('user');
      // Seeded in the story's loaders, after the project's loader reset the data: still there.
      expect(mock.db.users.get(loaded.patient.id)?.name).toBe('Paula Story');
      msw.use(http.get('*/v1/organizations/:id', () => HttpResponse.json({ id: 'story', name: 'From the story' })));
      expect(await (await fetch(`${mock.baseUrl}/organizations/64d001000000000000000001`, { headers })).json()).toMatchObject({ name: 'From the story' });
      await expect(client.calendars.get('64d005000000000000000001')).rejects.toMatchObject({ status: 503 });
      const entry = await client.calendars.create({ patient: loaded.patient.id, name: 'Story entry', date: '2026-05-04' });
      expect(entry.createdAt).toBe('2026-05-04T08:00:00.000Z'); // the API knows the seeded patient
    },
  },
  meta,
  project,
);

const clean = composeStory(
  {
    name: 'Sees none of it',
    async play() {
      const { client, headers } = mock.as('user');
      expect(mock.db.users.findFirst((q) => q.where({ name: 'Paula Story' }))).toBeUndefined();
      expect((await (await fetch(`${mock.baseUrl}/organizations/64d001000000000000000001`, { headers })).json()).name).not.toBe('From the story');
      expect((await client.calendars.get('64d005000000000000000001')).id).toBe('64d005000000000000000001');
      expect((await client.calendars.list({ limit: 1 })).total).toBe(12);
      expect(mock.journal.size).toBe(3);
    },
  },
  meta,
  project,
);

it('a story seeds in its loaders, overrides a route through context.msw, fails another, and writes', async () => {
  await seeding.run({ canvasElement });
});

it('the next story sees none of it', async () => {
  await clean.run({ canvasElement });
});
