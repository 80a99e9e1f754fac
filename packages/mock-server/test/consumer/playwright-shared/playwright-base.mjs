import { defineConfig } from '@playwright/test';

/**
 * The Playwright config of the consumer apps, which differ only in how Vite serves the app.
 * Chromium is never downloaded: the workspace's test passes the binary and its flags (Debian's or
 * the one inside @sparticuz/chromium) in MEDSCHED_CHROMIUM / MEDSCHED_CHROMIUM_ARGS, and the port
 * in PORT (a free one, found by the test).
 * @param {{ viteArgs: string[], timeout: number }} options `viteArgs`: `['preview']` for a build, `[]` for `vite dev`
 */
export function consumerPlaywrightConfig({ viteArgs, timeout }) {
  const port = Number(process.env.PORT);
  return defineConfig({
    testDir: 'tests',
    workers: 1,
    reporter: 'line',
    timeout,
    use: {
      baseURL: `http://127.0.0.1:${port}`,
      browserName: 'chromium',
      headless: true,
      launchOptions: { executablePath: process.env.MEDSCHED_CHROMIUM, args: JSON.parse(process.env.MEDSCHED_CHROMIUM_ARGS ?? '[]') },
    },
    webServer: {
      command: ['node node_modules/vite/bin/vite.js', ...viteArgs, `--host 127.0.0.1 --port ${port} --strictPort`].join(' '),
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: false,
    },
  });
}
