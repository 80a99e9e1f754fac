import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliServer } from './support/cli-server.js';
import { closeWhenTestFinishes, startHostileProxy, startRecorder, startRedirectToRecorder, unsafeControls } from './support/hostile-proxy.js';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { demoUser } from './support/test-server.js';

// Issue 44: a base URL that redirects elsewhere or cannot be reached (split from hostile-server.test.ts). Every case runs the built CLI as a process.
const cli = useCliServer();
const nurse = demoUser(0, 'user');

const envFor = (baseUrl: string, extra: Record<string, string> = {}) => ({ MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: baseUrl, MEDSCHED_API_KEY: nurse.apiKey, ...extra });

describe('login and whoami against a server that redirects elsewhere', () => {
  it('no key reaches the other host, and login saves no profile', async () => {
    // Redirects only requests that carry a credential: the base URL check (no key) sees a medsched API.
    const { recorder, hostile } = await startRedirectToRecorder(cli.server.url, { status: 307, redirects: (req) => req.headers['x-api-key'] !== undefined });
    const env = envFor(hostile.url);
    const login = await runCli(['login', '--profile', 'hostile'], env);
    expect(login.code, login.stderr).toBe(14);
    expect(login.stderr).toContain(`a redirect (HTTP 307) to ${recorder.origin}: not followed`);
    expect(existsSync(join(env.MEDSCHED_CONFIG_DIR, 'config.json'))).toBe(false);
    const whoami = await runCli(['whoami'], env);
    expect(whoami.code, whoami.stderr).toBe(14);
    expect(whoami.stderr).toContain('not followed, so no credential was sent there');
    expect(recorder.received).toEqual([]);
  });

  it('an answer that is not JSON (a sign-in page) is said so, exit 14, and login saves nothing', async () => {
    const hostile = await startHostileProxy(cli.server.url, (req, res) => {
      if (req.headers['x-api-key'] === undefined) return false;
      req.resume();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><title>Wi-Fi sign-in \u202Eevil</title></html>');
      return true;
    });
    closeWhenTestFinishes(hostile);
    const env = envFor(hostile.url);
    const login = await runCli(['login'], env);
    expect(login.code, login.stderr).toBe(14);
    expect(login.stderr).toContain('with HTTP 200 and text/html, not JSON');
    expect(login.stderr).not.toMatch(unsafeControls);
    expect(existsSync(join(env.MEDSCHED_CONFIG_DIR, 'config.json'))).toBe(false);
  });

  it('a base URL that redirects even without a key is refused before the key is used', async () => {
    const { recorder, hostile } = await startRedirectToRecorder(cli.server.url);
    const env = envFor(hostile.url);
    const login = await runCli(['login'], env);
    expect(login.code, login.stderr).toBe(2);
    expect(login.stderr).toContain('answered with a redirect (HTTP 302)');
    expect(existsSync(join(env.MEDSCHED_CONFIG_DIR, 'config.json'))).toBe(false);
    expect(recorder.received).toEqual([]);
  });
});

describe('conformance against a server that cannot be checked', () => {
  it('unreachable: the --junit file still has one failing case saying why (exit 7)', async () => {
    // A port that was free a moment ago and is closed now: nothing listens there.
    const gone = await startRecorder();
    await gone.close();
    const junit = join(tempConfigDir(), 'conformance.xml');
    const result = await runCli(['conformance', '--junit', junit], envFor(gone.url));
    expect(result.code, result.stderr).toBe(7);
    expect(readFileSync(junit, 'utf8')).toMatch(/<testcase [^>]*>\s*<failure [^>]*message="[^"]*cannot reach/);
  });

  it('redirecting: exit 14, a failing case in --junit, and no request reaches the other host', async () => {
    const { recorder, hostile } = await startRedirectToRecorder(cli.server.url);
    const junit = join(tempConfigDir(), 'conformance.xml');
    const result = await runCli(['conformance', '--junit', junit], envFor(hostile.url));
    expect(result.code, result.stderr).toBe(14);
    expect(readFileSync(junit, 'utf8')).toContain('<failure');
    expect(recorder.received).toEqual([]);
  });
});
