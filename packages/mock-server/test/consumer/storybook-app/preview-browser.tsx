// The README's browser preview, as .tsx (type-checked by storybook-consumer.test.ts with the
// project's strict tsconfig). In an app: `import type { Preview } from '@storybook/react-vite'`
// (your framework's); here the framework-free type it stands for.
import type { ProjectAnnotations, Renderer } from 'storybook/internal/types';
import type {} from 'msw-storybook-addon/types'; // types context.msw
import { setupMockWorker } from '@medsched/mock-server/browser';

type Preview = ProjectAnnotations<Renderer>;

export const mock = setupMockWorker({ now: '2026-05-04T08:00:00Z' });

const preview: Preview = {
  // The project's loaders run before a story's own: start the mock (the first story starts it,
  // later calls return the same start), then the scenario's data again for each story.
  loaders: [
    async () => {
      await mock.start({ quiet: true });
      await mock.reset();
      return {};
    },
  ],
  beforeEach(context) {
    context.msw = mock.worker; // a story's own answers: context.msw.use(http.get(...))
  },
};
export default preview;

/** A story that seeds in its loaders (what the README shows). */
export const WithPatient = {
  loaders: [async () => ({ patient: await mock.seed.patient({ name: 'Paula Story' }) })],
  beforeEach: () => mock.fail('calendars.list', 503),
};
