/**
 * A rule's `decision` is read by whoever runs the checker against their deployment: it links the
 * published API reference (the repository of package.json), to a section that exists, and never
 * names a path of a development machine or of our source tree.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiReferenceUrl, conformanceRules } from '../src/index.js';
import { headingAnchor } from '../src/docs-link.js';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { repository: { url: string } };
const reference = readFileSync(new URL('../../../docs/api-reference.md', import.meta.url), 'utf8');
const anchors = new Set([...reference.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingAnchor(match[1]!)));

describe('rule decisions', () => {
  it('the API reference link is docs/api-reference.md in the repository package.json names', () => {
    const repository = packageJson.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(apiReferenceUrl).toBe(`${repository}/blob/main/docs/api-reference.md`);
  });

  it('each decision links a section of the published API reference that exists, and no source path', () => {
    const decided = conformanceRules.filter((rule) => rule.source.decision !== undefined);
    expect(decided.length).toBeGreaterThan(10);
    for (const rule of decided) {
      const decision = rule.source.decision!;
      const links = [...decision.matchAll(/https:\/\/\S+/g)].map((match) => match[0]);
      expect(links.length, rule.id).toBeGreaterThan(0);
      for (const link of links) {
        const [base, anchor] = link.split('#');
        expect(base, rule.id).toBe(apiReferenceUrl);
        expect(anchors.has(anchor!), `${rule.id}: #${anchor}`).toBe(true);
      }
      expect(decision, rule.id).not.toMatch(/packages\/|src\/|\/work\/|\.ts\b|api-decisions/);
    }
  });

  it('anchors are made as GitHub makes them', () => {
    expect(headingAnchor('Lists: pagination, filters, sorting')).toBe('lists-pagination-filters-sorting');
    expect(headingAnchor('Baking (`/calendars/bake`)')).toBe('baking-calendarsbake');
    expect(headingAnchor('PDF links (`GET /pdf/`)')).toBe('pdf-links-get-pdf');
  });
});
