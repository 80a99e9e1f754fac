/**
 * `toJunitFailure` carries server text (a redirect's Location, an error's message) into XML that CI
 * parses: whatever that text holds, the document stays one test case with one failure, no raw
 * markup or control character of the text gets through, and the text's own characters survive.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConformanceError, toJunitFailure } from '../src/index.js';

/** Characters XML 1.0 does not allow at all. */
const forbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

describe('toJunitFailure', () => {
  it('any message and base URL: one testcase, one failure, no forbidden character, no markup from the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 100 }), (message, baseUrl) => {
        const xml = toJunitFailure(baseUrl, new ConformanceError('unreachable', message, 'check the base URL'));
        expect(xml.match(/<testcase /g)).toHaveLength(1);
        expect(xml.match(/<failure /g)).toHaveLength(1);
        expect(xml.match(/<\/failure>/g)).toHaveLength(1);
        expect(xml).not.toMatch(forbidden);
        // Every < in the document is one of ours: the text's are escaped.
        expect(xml.match(/</g)).toHaveLength(9);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the text of the message, escaped', () => {
    const xml = toJunitFailure('http://127.0.0.1:1/v1', new ConformanceError('redirected', 'answers 302, redirecting to "file:///etc/passwd?a=<b>&c"', 'give it as the base URL'));
    expect(xml).toContain('redirecting to &quot;file:///etc/passwd?a=&lt;b&gt;&amp;c&quot;');
    expect(xml).toContain('type="redirected"');
  });
});
