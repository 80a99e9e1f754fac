import { describe, expect, it } from 'vitest';
import { renderPdf } from '../src/node/pdf-renderer.js';

describe('renderPdf', () => {
  it('writes a PDF file that names the page and lists the section lines', async () => {
    const bytes = await renderPdf({
      title: 'Medication plan: Ada Patient',
      pageUrl: 'https://app.medsched.test/patients/65a1f0c2e4b0a1b2c3d4e5f6/plan',
      generatedAt: '2026-11-22T09:48:28.000Z',
      sections: [{ heading: 'Baked schedule', lines: ['2026-11-23 08:00 Metformin 500 mg'] }],
    });
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.startsWith('%PDF-1.')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    // The title is stored in the document information dictionary as written.
    expect(text).toContain('Medication plan: Ada Patient');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});
