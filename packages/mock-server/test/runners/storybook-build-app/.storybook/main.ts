// A Storybook 10 project as `npm create storybook` makes it for React + Vite, trimmed to what the
// test needs; public/ holds msw's service worker (copied by the test as `npx msw init public/` would).
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  addons: [],
  framework: '@storybook/react-vite',
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
};
export default config;
