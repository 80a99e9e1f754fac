import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Request } from 'playwright-core';
import { launchChromium } from '../../../../scripts/chromium.mjs';

/** Where browser tests leave screenshots and rendered pages for a person to look at (git-ignored). */
export const outputDir = fileURLToPath(new URL('../output/', import.meta.url));

export function ensureOutputDir(): string {
  mkdirSync(outputDir, { recursive: true });
  return outputDir;
}

export interface RecordingBrowser {
  context: BrowserContext;
  /** Every URL any page of the context asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Headless Chromium that records every request its pages make, so tests can check none leaves the machine. */
export async function launchRecordingBrowser(): Promise<RecordingBrowser> {
  const browser = await launchChromium({ viewport: { width: 1280, height: 900 } });
  const requests: string[] = [];
  browser.context.on('request', (request: Request) => requests.push(request.url()));
  return { context: browser.context, requests, close: () => browser.close() };
}

/** Whether a URL stays on this machine (loopback host, or a browser-internal scheme such as data:). */
export function isLocal(url: string): boolean {
  const parsed = new URL(url);
  if (['data:', 'blob:', 'about:'].includes(parsed.protocol)) return true;
  return ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
}
