import { expect } from 'vitest';
import type { RunningServer } from '../../src/node/index.js';
import { org1 } from './demo.js';
import { clientFor } from './server.js';

/** The plan PDF tests' clock, week and app address (plan-pdf*.test.ts). */
export const appUrl = 'https://app.medsched.test';
export const now = Date.parse('2026-11-25T10:00:00.000Z'); // a Wednesday: the current week is 23 to 29 Nov
export const week = { from: '2026-11-23', to: '2026-11-29' };

/** The PDF of a plan page of the app, through a link signed by demo staff. */
export async function planPdf(server: RunningServer, page: string): Promise<Uint8Array> {
  const { signed } = await clientFor(server, { apiKey: org1.user.apiKey }).pdf.sign(page);
  const response = await fetch(signed);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return new Uint8Array(await response.arrayBuffer());
}
