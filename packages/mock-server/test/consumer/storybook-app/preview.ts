// The Storybook preview of the README (loaders start the mock and bring the scenario's data back,
// so that a story's own loaders can seed), in its Node form for portable stories (composeStories
// in Vitest or Jest, msw/node). The browser form, preview-browser.tsx, differs in two lines:
// setupMockWorker() and mock.start() instead of setupMockApi() and mock.listen().
import type { ProjectAnnotations, Renderer } from 'storybook/internal/types';
import { setupMockApi } from '@medsched/mock-server';

export const mock = setupMockApi({ now: '2026-05-04T08:00:00Z' });
let listening: Promise<void> | undefined;

const preview: ProjectAnnotations<Renderer> = {
  // Storybook runs the project's loaders before the stories' own: start the mock once, then the
  // scenario's data again for each story (and none of the story before's scenarios or handlers).
  loaders: [
    async () => {
      await (listening ??= mock.listen());
      await mock.reset();
      return {};
    },
  ],
  beforeEach(context) {
    // What msw-storybook-addon's preview does: the story's own handlers through context.msw.use(...).
    (context as { msw?: unknown }).msw = mock.server;
  },
};
export default preview;
