// A Storybook preview's msw set-up with msw-storybook-addon 3 and the mock server, as a team writes
// it for portable stories (composeStories in Vitest or Jest, msw/node); in Storybook itself the
// same shape takes `setupMockWorker()` from '@medsched/mock-server/browser' and returns `mock.worker`.
import { createPreviewAnnotations } from 'msw-storybook-addon/preview';
import { setupMockApi } from '@medsched/mock-server';

export const mock = setupMockApi({ now: '2026-05-04T08:00:00Z' });

// The addon starts msw once (the set-up function) and hands it to each story as `context.msw`.
const msw = createPreviewAnnotations(async () => {
  await mock.listen();
  return mock.server;
});

export default {
  // After each story: the addon drops the story's handlers, the mock brings its data back.
  async beforeEach(context) {
    const dropHandlers = await msw.beforeEach(context);
    return async () => {
      await dropHandlers?.();
      await mock.reset();
    };
  },
};
