/**
 * Server text is inert, and an answer the SDK cannot use says what it was: a body that is not
 * JSON is an InvalidResponseError (status, content type, first characters), a problem's escape
 * sequences and bidi controls never reach `message` (they stay raw in `problem`), and a
 * validation error over thousands of items stays short. Against the hostile server over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, createClient, InvalidResponseError, ResponseValidationError } from '../src/index.js';
import { inertText } from '../src/inert-text.js';
import { failure } from './support/failure.js';
import { startHostileServer, type HostileServer } from './support/hostile-server.js';

const device = '64d004000000000000000001';
/** What must never reach a message: C0, DEL, C1, and the bidi formatting characters. */
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let hostile: HostileServer;
beforeAll(async () => (hostile = await startHostileServer()));
afterAll(() => hostile.close());

function eventsOf(mode: string) {
  hostile.received.length = 0;
  return createClient({ baseUrl: hostile.baseUrl(mode), apiKey: 'msk_test_key', retryDelays: { initialMs: 1, maxMs: 5 } }).devices.events(device);
}

describe('an answer that is not JSON', () => {
  it("a captive portal's HTML page: InvalidResponseError with status, content type and the start of the page; not retried", async () => {
    const error = (await failure(eventsOf('html'))) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ code: 'invalid_response', status: 200, contentType: 'text/html; charset=utf-8' });
    expect(error.body).toContain('<h1>Sign in to continue</h1>');
    expect(error.message).toContain('not JSON');
    expect(error.message).toContain('text/html');
    expect(error.message).toContain('Sign in to continue');
    expect(error.message).not.toContain('expected');
    expect(hostile.received).toHaveLength(1);
  });

  it('a JSON body cut short: InvalidResponseError, not "expected object, received string"', async () => {
    const error = (await failure(eventsOf('broken-json'))) as InvalidResponseError;
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.contentType).toBe('application/json');
    expect(error.message).toContain('Sonnen');
    expect(hostile.received).toHaveLength(1);
  });
});

describe('server text in messages', () => {
  it('a problem with escape sequences, \\r and bidi overrides: inert in message and code, raw in problem', async () => {
    const error = (await failure(eventsOf('escapes'))) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).not.toMatch(unsafe);
    expect(error.code).not.toMatch(unsafe);
    expect(error.message).toContain('dose 5 mg');
    expect(error.message).toContain('dose 50 mg');
    expect(error.problem?.code).toContain('\u001b[31m');
    expect(error.problem?.detail).toContain('\u202e');
    expect(error.problem?.detail).toContain('\r');
  });

  it('every control and bidi formatting character is a space; all other text stays', () => {
    for (let code = 0; code <= 0x2fff; code++) {
      const char = String.fromCharCode(code);
      expect(inertText(`a${char}b`)).toBe(unsafe.test(char) ? 'a b' : `a${char}b`);
    }
    expect(inertText('Ramipril 5 mg · Müller · 日本 · 💊')).toBe('Ramipril 5 mg · Müller · 日本 · 💊');
  });
});

describe('a validation error over thousands of items', () => {
  it('10,000 events (the most one answer holds) each with one field wrong: every issue in `issues`, the message names 5 and counts the rest', async () => {
    const error = (await failure(eventsOf('many-issues-10000'))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.issues).toHaveLength(10_000);
    expect(error.message.length).toBeLessThan(2_000);
    expect(error.message).toContain('0.timestamp');
    expect(error.message).toContain('and 9995 more (10000 issues in all');
    expect(error.message).not.toContain('5.timestamp');
  });
});
