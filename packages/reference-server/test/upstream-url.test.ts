import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { upstreamUrl } from '../src/node/proxy/upstream-url.js';

// The proxy's address rule on its own: whatever the request target, the upstream address is
// on the target's origin and under its base path, or the request is refused.
const target = { origin: 'http://127.0.0.1:4010', basePath: '/v1' };

/** Pieces that have made URL parsers change host or path: schemes, //, backslashes, dots, encodings. */
const tricky = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '\\\\',
  '..',
  '.',
  '%2e',
  '%2E%2e',
  '.%2e',
  '%5c',
  '%5C',
  '%2f',
  '%2F',
  '@',
  ':',
  '?',
  '#',
  '&',
  '=',
  'http://',
  'https://',
  'file:///etc/hostname',
  'HTTP://',
  'evil.example',
  '127.0.0.1:9',
  '[::1]',
  'localhost',
  '%00',
  '%',
  '%zz',
  '\t',
  ' ',
  '\u00e9',
  '/v1',
  '/v1/',
  'v1',
  'calendars',
  '~',
  ';',
  '%40',
  '%3a',
);
const requestTargets = fc.oneof(
  fc.array(tricky, { maxLength: 8 }).map((parts) => parts.join('')),
  fc.tuple(fc.constantFrom('/v1/', '/', '', '//', '/v1'), fc.array(fc.oneof(tricky, fc.string({ maxLength: 6 })), { maxLength: 6 })).map(([head, parts]) => head + parts.join('')),
  fc.string({ maxLength: 40 }),
);

describe('upstreamUrl', () => {
  it('appends the path to the target, never resolving it against the target', () => {
    const url = (requestTarget: string) => {
      const result = upstreamUrl(target, 'GET', requestTarget);
      return result.ok ? result.url.href : `${result.status} ${result.code}`;
    };
    expect(url('/v1/calendars/?limit=5&search=a%20b')).toBe('http://127.0.0.1:4010/v1/calendars/?limit=5&search=a%20b');
    expect(url('/v1')).toBe('http://127.0.0.1:4010/v1');
    expect(url('/v1/%2F%2Fevil.example/x')).toBe('http://127.0.0.1:4010/v1/%2F%2Fevil.example/x');
    for (const refused of [
      'http://127.0.0.1:9/abs',
      '//127.0.0.1:9/dbl',
      '/\\127.0.0.1:9/x',
      '/v1\\..\\x',
      '/v1/%5c/x',
      '/v1/../dev/token',
      '/v1/%2e%2E/x',
      '/v1/./x',
      '*',
      '127.0.0.1:9',
      'file:///etc/hostname',
      '/v1/a#b',
      '/v1/a b',
      '/v1/\u00e9',
    ]) {
      expect(url(refused), refused).toBe('400 bad_request_target');
    }
    expect(url('/dev/token')).toBe('404 not_found');
    expect(url('/v10/x')).toBe('404 not_found');
    expect(upstreamUrl(target, 'CONNECT', '/v1/x')).toMatchObject({ ok: false, status: 400 });
  });

  it('property: any request target yields an address on the target origin under its base path, or a refusal', () => {
    fc.assert(
      fc.property(requestTargets, fc.constantFrom('GET', 'POST', 'OPTIONS', 'CONNECT', 'get'), (requestTarget, method) => {
        const result = upstreamUrl(target, method, requestTarget);
        if (!result.ok) return;
        expect(result.url.origin).toBe(target.origin);
        expect(result.url.pathname === '/v1' || result.url.pathname.startsWith('/v1/')).toBe(true);
        expect(result.url.username + result.url.password + result.url.hash).toBe('');
      }),
      { numRuns: 3000 },
    );
  });

  it('property: without a base path, still the target origin only', () => {
    fc.assert(
      fc.property(requestTargets, (requestTarget) => {
        const result = upstreamUrl({ origin: 'https://api.example.com', basePath: '' }, 'GET', requestTarget);
        if (result.ok) expect(result.url.origin).toBe('https://api.example.com');
      }),
      { numRuns: 1000 },
    );
  });
});
