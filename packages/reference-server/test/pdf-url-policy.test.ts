import { describe, expect, it } from 'vitest';
import { allowedOrigin, checkPdfUrl } from '../src/domain/pdf/pdf-url-policy.js';
import { bypassAppUrl, bypassWebUrl, pdfUrlBypasses } from './support/pdf-bypasses.js';

const origins = [allowedOrigin(bypassAppUrl), allowedOrigin(bypassWebUrl)];

describe('checkPdfUrl', () => {
  it.each([
    'https://app.medsched.test/patients/65a1f0c2e4b0a1b2c3d4e5f6/plan',
    'https://app.medsched.test',
    'https://APP.medsched.test/x?y=1#z',
    'https://app.medsched.test:443/plan',
    'https://www.medsched.test:8443/reports/weekly',
  ])('accepts %s', (url) => {
    expect(checkPdfUrl(url, origins).ok).toBe(true);
  });

  // Known ways to smuggle another host past an allow-list (shared with the end-to-end test).
  const bypasses = pdfUrlBypasses;

  it(`rejects ${bypasses.length} known bypass attempts`, () => {
    expect(bypasses.length).toBeGreaterThanOrEqual(30);
    for (const url of bypasses) {
      const check = checkPdfUrl(url, origins);
      expect(check.ok, url).toBe(false);
      if (!check.ok) expect(check.reason).toMatch(/urlPath/);
    }
  });
});
