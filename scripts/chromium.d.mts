import type { BrowserContext, BrowserContextOptions } from 'playwright-core';

/** The browser binary to use and its launch arguments (Debian's Chromium, `MEDSCHED_CHROMIUM`, or @sparticuz/chromium). */
export function chromiumExecutable(): Promise<{ executablePath: string; args: string[]; source: string }>;

/** Headless Chromium with a fresh profile; `close()` ends it and removes the profile. */
export function launchChromium(contextOptions?: BrowserContextOptions): Promise<{
  context: BrowserContext;
  source: string;
  close(): Promise<void>;
}>;
