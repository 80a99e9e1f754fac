import { defineConfig } from '@playwright/test';

// Chromium is never downloaded: the workspace's test passes the binary and its flags
// (Debian's or the one inside @sparticuz/chromium) in MEDSCHED_CHROMIUM / MEDSCHED_CHROMIUM_ARGS.
const port = Number(process.env.PORT ?? 4180);
export default defineConfig({
  testDir: 'tests',
  workers: 1,
  reporter: 'line',
  timeout: 120_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.MEDSCHED_CHROMIUM, args: JSON.parse(process.env.MEDSCHED_CHROMIUM_ARGS ?? '[]') },
  },
  // `vite dev`, not a build: the development server the README's recipe runs.
  webServer: {
    command: `node node_modules/vite/bin/vite.js --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
  },
});
