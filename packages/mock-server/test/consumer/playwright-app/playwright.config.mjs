import { consumerPlaywrightConfig } from './playwright-base.mjs';

// The built app, served by `vite preview`.
export default consumerPlaywrightConfig({ viteArgs: ['preview'], timeout: 60_000 });
