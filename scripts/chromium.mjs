// Headless Chromium for the browser tests, never a downloaded browser: Debian's `chromium` when the
// machine has it, else the Chromium that ships inside the npm package @sparticuz/chromium (a root
// devDependency), so that the README's test command needs nothing but Node and npm.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** Where Debian's package puts the browser. */
const systemChromium = '/usr/bin/chromium';

/**
 * Flags for a closed network: without the background-networking ones Chromium keeps trying to reach
 * Google's services, which this machine refuses many at a time.
 */
const quietArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * The browser binary to use and its launch arguments: `MEDSCHED_CHROMIUM` names one explicitly,
 * else Debian's, else the one unpacked from @sparticuz/chromium.
 * @returns {Promise<{ executablePath: string, args: string[], source: string }>}
 */
export async function chromiumExecutable() {
  const explicit = process.env.MEDSCHED_CHROMIUM;
  if (explicit) return { executablePath: explicit, args: quietArgs, source: 'MEDSCHED_CHROMIUM' };
  if (existsSync(systemChromium)) return { executablePath: systemChromium, args: quietArgs, source: 'debian' };
  const packaged = (await import('@sparticuz/chromium')).default;
  // Its own args switch to single-process and other Lambda-specific modes; only keep the headless shell mode.
  const headless = packaged.args.filter((arg) => arg.startsWith('--headless'));
  return { executablePath: await packaged.executablePath(), args: [...headless, ...quietArgs], source: '@sparticuz/chromium' };
}

/**
 * Launches headless Chromium with a fresh profile directory (a persistent context, so service
 * workers behave as in a real profile). `close()` ends the browser and removes the profile.
 * @param {import('playwright-core').BrowserContextOptions} [contextOptions]
 */
export async function launchChromium(contextOptions = {}) {
  const { executablePath, args, source } = await chromiumExecutable();
  const userDataDir = mkdtempSync(join(tmpdir(), 'medsched-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: true,
    args,
    ...contextOptions,
  });
  return {
    context,
    source,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}
