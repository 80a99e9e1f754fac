import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from '../../../../sdk/test/support/hostile-server.js';
import { runCli, tempConfigDir } from '../../../test/support/run-cli.js';
import { closedPort } from '../../../../conformance/test/support/closed-port.js';

// `medsched conformance --junit` against a deployment it cannot check (nothing listening, a
// redirect, a body that drips past the timeout): exit 7 (14 for the redirect, a refused answer), and now the JUnit file too, with
// one failing case that says why, so that CI shows a failure instead of "no tests". The hostile
// server is the SDK's (packages/sdk/test/support/hostile-server.ts).
let hostile: HostileServer;
beforeAll(async () => (hostile = await startHostileServer()));
afterAll(() => hostile?.close());

const apiKey = 'msk_live_SECRET_cli_conformance';

async function conformanceJunit(baseUrl: string, args: string[] = []) {
  const dir = tempConfigDir();
  const junit = join(dir, 'conformance.xml');
  const result = await runCli(['conformance', '--base-url', baseUrl, '--read-only', '--junit', junit, ...args], { MEDSCHED_API_KEY: apiKey, MEDSCHED_CONFIG_DIR: dir });
  return { ...result, xml: existsSync(junit) ? readFileSync(junit, 'utf8') : undefined };
}

describe('medsched conformance when the run cannot start', { timeout: 90_000 }, () => {
  it('nothing listening: exit 7 and a JUnit file with one failing case naming the server', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const { code, xml, stderr } = await conformanceJunit(baseUrl);
    expect(code).toBe(7);
    expect(stderr).toContain('cannot reach');
    expect(xml).toMatch(/<testsuites [^>]*tests="1" failures="1"/);
    expect(xml).toContain('run: the deployment can be checked (unreachable)');
    expect(xml).toContain(baseUrl);
  });

  it('a redirect to another host: exit 14 (a refused answer, as every redirect), the JUnit failure names the target, and nothing reached it', async () => {
    hostile.elsewhere.length = 0;
    const { code, xml } = await conformanceJunit(hostile.baseUrl('redirect-307-other-host'));
    expect(code).toBe(14);
    expect(xml).toContain('(redirected)');
    expect(xml).toMatch(/http:\/\/127\.0\.0\.2:\d+\/v1\/calendars\//);
    expect(hostile.elsewhere).toEqual([]);
  });

  it('a body that drips past --timeout: exit 7 and the JUnit failure', async () => {
    const { code, xml } = await conformanceJunit(hostile.baseUrl('drip'), ['--timeout', '1']);
    expect(code).toBe(7);
    expect(xml).toContain('(unreachable)');
  });
});
