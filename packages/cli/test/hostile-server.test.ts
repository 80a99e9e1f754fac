import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createClient } from '@medsched/sdk';
import { demoId } from '@medsched/reference-server';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useCliServer } from './support/cli-server.js';
import { runInTerminal } from './support/pseudo-terminal.js';
import { closeWhenTestFinishes, startHostileProxy, startRecorder, unsafeControls } from './support/hostile-proxy.js';
import { pressCtrlC, runCli, spawnCli, tempConfigDir, waitForOutput } from './support/run-cli.js';
import { demoUser } from './support/test-server.js';

// Issue 44: the CLI pointed at a server we do not control, on loopback. Every case runs the built CLI as a process.
const cli = useCliServer();
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');
const week = ['--from', '2026-01-05', '--to', '2026-01-11'];

const envFor = (baseUrl: string, extra: Record<string, string> = {}) => ({ MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: baseUrl, MEDSCHED_API_KEY: nurse.apiKey, ...extra });

describe('plan: the PDF behind the signed link', () => {
  beforeAll(async () => {
    const bake = await runCli(['bake', '--patient', clara.userId, ...week, '--yes'], envFor(cli.server.url));
    expect(bake.code, bake.stderr).toBe(0);
  });

  /** A hostile server that answers GET /v1/pdf/ with `link(origin)` and serves `files` on its own origin. */
  async function planAgainst(link: (origin: string) => string, files: (req: IncomingMessage, res: ServerResponse, origin: string) => void = () => {}, args: string[] = []) {
    const recorder = await startRecorder();
    closeWhenTestFinishes(recorder);
    const hostile = await startHostileProxy(cli.server.url, (req, res, { origin }) => {
      if (req.url?.startsWith('/v1/pdf/')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ signed: link(origin).replace('RECORDER', recorder.origin) }));
        return true;
      }
      if (req.url?.startsWith('/files/')) {
        files(req, res, recorder.origin);
        return true;
      }
      return false;
    });
    closeWhenTestFinishes(hostile);
    const folder = tempConfigDir();
    const result = await runCli(['plan', '--patient', clara.userId, ...week, '--out', join(folder, 'plan.pdf'), ...args], envFor(hostile.url));
    return { result, left: readdirSync(folder), recorder };
  }

  it('a link to another host, or a data: URL, is refused before anything is fetched (exit 14, no file)', async () => {
    const elsewhere = await planAgainst(() => 'RECORDER/files/pdf?url=x&expires=1&signature=y');
    expect(elsewhere.result.code, elsewhere.result.stderr).toBe(14);
    expect(elsewhere.result.stderr).toContain('outside its own origin');
    expect(elsewhere.recorder.received).toEqual([]);
    expect(elsewhere.left).toEqual([]);
    const data = await planAgainst(() => `data:application/pdf;base64,${Buffer.from('%PDF-1.7 junk').toString('base64')}`);
    expect(data.result.code, data.result.stderr).toBe(14);
    expect(data.left).toEqual([]);
    // The same local server under another loopback name: refused too, with the address to use.
    const renamed = await planAgainst((origin) => `${origin.replace('127.0.0.1', 'localhost')}/files/pdf`);
    expect(renamed.result.code).toBe(14);
    expect(renamed.result.stderr).toMatch(/if that is the one you mean, use --base-url http:\/\/localhost:\d+\/v1/);
    // --link prints only a link on the server's own origin: a person may click it.
    const link = await planAgainst(() => 'RECORDER/files/pdf', undefined, ['--link']);
    expect(link.result.code).toBe(14);
    expect(link.result.stdout).toBe('');
  });

  it('a redirect from the link is not followed; junk labelled application/pdf and HTML are not saved', async () => {
    const redirect = await planAgainst(
      (origin) => `${origin}/files/pdf`,
      (_req, res, recorderOrigin) => res.writeHead(302, { location: `${recorderOrigin}/steal` }).end(),
    );
    expect(redirect.result.code, redirect.result.stderr).toBe(14);
    expect(redirect.result.stderr).toContain('redirects are not followed');
    expect(redirect.recorder.received).toEqual([]);
    expect(redirect.left).toEqual([]);
    const junk = await planAgainst(
      (origin) => `${origin}/files/pdf`,
      (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.alloc(10 * 1_048_576, 0x41)),
    );
    expect(junk.result.code, junk.result.stderr).toBe(14);
    expect(junk.result.stderr).toContain('not a PDF (no %PDF- header)');
    expect(junk.left).toEqual([]);
    const html = await planAgainst(
      (origin) => `${origin}/files/pdf`,
      (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('%PDF-<html>'),
    );
    expect(html.result.code).toBe(14);
    expect(html.result.stderr).toContain('(text/html), not a PDF');
    expect(html.left).toEqual([]);
  });

  it('an endless "PDF" is read up to 20 MiB and no further (exit 14, no file)', async () => {
    let sent = 0;
    const endless = await planAgainst(
      (origin) => `${origin}/files/pdf`,
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.write('%PDF-1.7\n');
        const chunk = Buffer.alloc(1_048_576, 0x20);
        const more = () => {
          // Stops when the CLI hangs up (or at 64 MiB, so a broken CLI cannot fill the test's memory).
          while (!res.destroyed && sent < 64 * 1_048_576) {
            sent += chunk.byteLength;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      },
    );
    expect(endless.result.code, endless.result.stderr).toBe(14);
    expect(endless.result.stderr).toContain('more than 20 MiB');
    expect(endless.left).toEqual([]);
    expect(sent).toBeLessThan(64 * 1_048_576);
  });

  it('a PDF that drips past --timeout leaves nothing in the folder (exit 7)', async () => {
    const drip = await planAgainst(
      (origin) => `${origin}/files/pdf`,
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.write('%PDF-1.7\n'); // and nothing more: held open until the CLI gives up
      },
      ['--timeout', '3'],
    );
    expect(drip.result.code, drip.result.stderr).toBe(7);
    expect(drip.left).toEqual([]);
  });
});

describe('server text with bidi and C1 controls', () => {
  it('names like "Clara \\u202Egnp.exe\\u202C Claus" print without their controls in tables, CSV and errors; JSON escapes them', async () => {
    const admin = demoUser(0, 'admin');
    const client = createClient({ baseUrl: cli.server.url, apiKey: admin.apiKey });
    const names = ['Clara \u202Egnp.exe\u202C Claus', 'Bernd \u2067Rot\u2069 \u200fBecker\u061c', 'Carla \u0085Kahn'];
    const created = [];
    for (const name of names) created.push(await client.users.create({ organization: admin.organizationId, name, role: 'patient', timezone: 'Europe/Berlin' }));
    const env = envFor(cli.server.url);
    for (const format of ['table', 'csv']) {
      const list = await runCli(['patients', 'list', '--no-devices', '--output', format], env);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain('Clara gnp.exe Claus');
      expect(list.stdout).toContain('Bernd Rot Becker');
      expect(list.stdout).not.toMatch(unsafeControls);
    }
    const json = await runCli(['patients', 'list', '--no-devices', '--json', 'id,name'], env);
    expect(json.stdout).not.toMatch(unsafeControls);
    // Escaped, not dropped: a script reading the JSON gets the stored name back.
    const read = JSON.parse(json.stdout) as { id: string; name: string }[];
    for (const [index, user] of created.entries()) expect(read.find((row) => row.id === user.id)?.name).toBe(names[index]);
    const jq = await runCli(['patients', 'list', '--no-devices', '--jq', '.[].name'], env);
    expect(jq.stdout).toContain('Clara gnp.exe Claus');
    expect(jq.stdout).not.toMatch(unsafeControls);
    // An error and a note that quote the name.
    const empty = await runCli(['plan', '--patient', created[0]?.id ?? '', '--from', '2030-06-03', '--out', join(tempConfigDir(), 'x.pdf')], env);
    expect(empty.code).toBe(5);
    expect(empty.stderr).toContain('Clara gnp.exe Claus');
    expect(empty.stderr).not.toMatch(unsafeControls);
  });
});

describe('server text in a question on a terminal', () => {
  it('the old → new summary and the question show a medication name without its bidi controls', async () => {
    const admin = demoUser(0, 'admin');
    const medication = await createClient({ baseUrl: cli.server.url, apiKey: admin.apiKey }).medications.create({ name: 'Tilidin \u202Egnp.exe\u202C 50 mg' });
    const shown = runInTerminal(['medication', 'update', medication.id, '--name', 'Tilidin 50 mg', '--no-color'], envFor(cli.server.url));
    await shown.answer(/Tilidin gnp.exe 50 mg.*\?/, 'n\r');
    expect(await shown.closed).toBe(8);
    expect(shown.output()).toContain('Tilidin gnp.exe 50 mg');
    expect(shown.output()).not.toMatch(unsafeControls);
  });
});

describe('device events --follow while a server sends thousands of events a poll', () => {
  it('remembers only the ids at the newest instant (debug line per poll), prints each event once', async () => {
    const deviceId = demoId(4, 1);
    const perInstant = 200;
    const instantsPerPoll = 10;
    let polls = 0;
    // Ids in the object-id format the answer's schema requires (since issue 42), one per poll, instant and index.
    const eventId = (poll: number, instant: number, index: number) => (poll * 1_000_000 + instant * 1_000 + index).toString(16).padStart(24, '0');
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1) + second * 1000).toISOString();
    const batch = (poll: number, instant: number) =>
      Array.from({ length: perInstant }, (_, index) => ({ id: eventId(poll, instant, index), deviceId, type: 'state', payload: {}, timestamp: at(poll * instantsPerPoll + instant) }));
    const hostile = await startHostileProxy(cli.server.url, (req, res) => {
      if (!req.url?.startsWith(`/v1/devices/events/${deviceId}`)) return false;
      const poll = polls++;
      // As DateStart is inclusive, the previous poll's newest instant comes again, then 2,000 new events.
      const again = poll === 0 ? [] : batch(poll - 1, instantsPerPoll - 1);
      const fresh = Array.from({ length: instantsPerPoll }, (_, instant) => batch(poll, instant)).flat();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([...again, ...fresh]));
      return true;
    });
    closeWhenTestFinishes(hostile);
    const follow = spawnCli(['device', 'events', deviceId, '--follow', '--interval', '0.05', '--json', '--debug', '--tz', 'UTC'], envFor(hostile.url));
    onTestFinished(() => {
      if (follow.exitCode === null) follow.kill('SIGKILL');
    });
    const remembered = (stderr: string) => [...stderr.matchAll(/following: (\d+) event id\(s\) remembered .*; heap (\d+) MB/g)].map((match) => ({ ids: Number(match[1]), heapMb: Number(match[2]) }));
    await waitForOutput(follow, (output) => remembered(output.stderr).length >= 15, 120_000);
    const { code, stdout, stderr } = await pressCtrlC(follow);
    expect(code, stderr).toBe(0);
    const lines = remembered(stderr);
    // Bounded by one instant's events, however many polls: before, every id ever seen was kept.
    for (const line of lines) expect(line.ids).toBe(perInstant);
    console.log(`follow: ${polls} polls of ${perInstant * instantsPerPoll} events; heap per poll (MB): ${lines.map((line) => line.heapMb).join(' ')}`);
    const ids = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: string }).id);
    // Every event after the first poll, once: the repeated instant is never printed twice.
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual((lines.length - 1) * perInstant * instantsPerPoll);
  });
});

describe('the config folder', () => {
  it('is created 0700, and an existing 0755 folder is tightened with a note', async () => {
    const fresh = join(tempConfigDir(), 'medsched');
    const created = await runCli(['login'], envFor(cli.server.url, { MEDSCHED_CONFIG_DIR: fresh }));
    expect(created.code, created.stderr).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(join(fresh, 'config.json')).mode & 0o777).toBe(0o600);
    const open = join(tempConfigDir(), 'open');
    mkdirSync(open);
    chmodSync(open, 0o755);
    const tightened = await runCli(['login'], envFor(cli.server.url, { MEDSCHED_CONFIG_DIR: open }));
    expect(tightened.code, tightened.stderr).toBe(0);
    expect(statSync(open).mode & 0o777).toBe(0o700);
    expect(tightened.stderr).toContain('was open to other users (mode 0755); made it 0700');
  });
});
