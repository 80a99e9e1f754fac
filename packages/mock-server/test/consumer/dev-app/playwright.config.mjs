import { consumerPlaywrightConfig } from './playwright-base.mjs';

// `vite dev`, not a build: the development server the README's recipe runs.
export default consumerPlaywrightConfig({ viteArgs: [], timeout: 120_000 });
