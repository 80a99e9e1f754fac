// What a user does first with the published packages, in a project that installed them by name.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Starts the installed `medsched-server` on a free port; resolves with its base URL. */
function startInstalledServer(projectDir) {
  const child = spawn(join(projectDir, 'node_modules', '.bin', 'medsched-server'), ['--port', '0'], { cwd: projectDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const url = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      printed += chunk.toString();
      const match = /listening on (http:\/\/\S+\/v1)/.exec(printed);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`medsched-server exited (${code}):\n${printed}`)));
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop };
}

const sdkEsm = `import { createClient, NotFoundError } from '@medsched/sdk';
const client = createClient({ baseUrl: process.env.BASE_URL, apiKey: 'msk_demo_sonnen_user' });
const page = await client.calendars.list({ limit: 2 });
if (page.items.length !== 2 || !(page.total > 2)) throw new Error('expected two entries of more, got ' + page.items.length + ' of ' + page.total);
const missing = await client.calendars.get('ffffffffffffffffffffffff').catch((error) => error);
if (!(missing instanceof NotFoundError) || missing.name !== 'NotFoundError') throw new Error('expected a NotFoundError, got ' + missing);
console.log('sdk esm: ' + page.items.length + ' of ' + page.total + ' entries, a typed 404');
`;

const sdkCjs = `const { createClient } = require('@medsched/sdk');
const { CalendarEntry } = require('@medsched/sdk/schemas');
createClient({ baseUrl: process.env.BASE_URL, apiKey: 'msk_demo_sonnen_user' }).calendars.list({ limit: 1 }).then(({ items: [entry] }) => {
  if (!CalendarEntry.safeParse(entry).success) throw new Error('the answer does not parse with the published schema');
  console.log('sdk cjs: an entry that parses with @medsched/sdk/schemas');
});
`;

const conformanceCjs = `const { checkConformance, formatReport } = require('@medsched/conformance');
const credentials = { primary: { apiKey: 'msk_demo_sonnen_user' }, patient: { apiKey: 'msk_demo_sonnen_patient1' }, otherOrganization: { apiKey: 'msk_demo_lindenhof_admin' } };
checkConformance({ baseUrl: process.env.BASE_URL, credentials, readOnly: true }).then((report) => {
  if (!report.ok) throw new Error(formatReport(report));
  console.log('conformance (CommonJS, read-only): ' + report.counts.pass + ' rules passed, ' + report.counts.skip + ' skipped (they write)');
});
`;

const mockEsm = `import { setupMockApi } from '@medsched/mock-server';
const mock = setupMockApi({ now: '2026-05-04T08:00:00Z' });
await mock.listen();
const nurse = await mock.signIn('user');
const { items: entries } = await nurse.client.calendars.list({ limit: 3 });
mock.fail('GET /calendars/:id', 503);
const failed = await nurse.client.calendars.get(entries[0].id, { maxRetries: 0 }).catch((error) => error);
mock.close();
if (entries.length !== 3 || failed.status !== 503) throw new Error('mock server: unexpected ' + entries.length + ' ' + failed.status);
console.log('mock server: 3 entries, a 503 scenario');
`;

/**
 * Installs the packages by name from `registryUrl` (the @medsched scope only; everything else from
 * the usual registry) into a new project and runs them as a user would. Each check is pushed to
 * `results` as `{ name, ok, detail }`.
 * @param {{ registryUrl: string, packages: string[], lint: (tarball: string) => void }} options
 */
export async function checkAsInstalled({ registryUrl, packages, lint }, results) {
  const projectDir = mkdtempSync(join(tmpdir(), 'medsched-rehearsal-project-'));
  const check = async (name, run) => {
    try {
      const detail = await run();
      results.push({ name, ok: true, detail: String(detail ?? '').trim() });
    } catch (error) {
      results.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  };
  writeFileSync(join(projectDir, 'package.json'), `${JSON.stringify({ name: 'rehearsal-consumer', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(join(projectDir, '.npmrc'), `@medsched:registry=${registryUrl}\n`);
  const npm = (args, env = {}) => execFileSync('npm', args, { cwd: projectDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  await check(`npm install ${packages.join(' ')} msw@2 (by name)`, () =>
    npm(['install', '--no-audit', '--no-fund', '--loglevel=error', ...packages, 'msw@2'])
      .split('\n')
      .at(-2),
  );
  await check('no workspace links in what was installed', () => {
    const tree = npm(['ls', '--all', '--json']);
    if (/workspace:|link:/.test(tree)) throw new Error('a dependency still names workspace: or link:');
    return 'ok';
  });
  await check('medsched --version', () => execFileSync(join(projectDir, 'node_modules', '.bin', 'medsched'), ['--version'], { encoding: 'utf8' }));

  const server = startInstalledServer(projectDir);
  try {
    const baseUrl = await server.url;
    results.push({ name: 'medsched-server serves the demo data', ok: true, detail: baseUrl });
    const configDir = mkdtempSync(join(tmpdir(), 'medsched-rehearsal-config-'));
    const cliEnv = { ...process.env, MEDSCHED_BASE_URL: baseUrl, MEDSCHED_API_KEY: 'msk_demo_sonnen_user', MEDSCHED_CONFIG_DIR: configDir };
    await check('medsched patients list against it', () => {
      const out = execFileSync(join(projectDir, 'node_modules', '.bin', 'medsched'), ['patients', 'list', '--output', 'csv'], { encoding: 'utf8', env: cliEnv });
      if (!out.includes('Clara Claus')) throw new Error(`no demo patient in:\n${out}`);
      return `${out.trim().split('\n').length - 1} patients`;
    });
    writeFileSync(join(projectDir, 'sdk.mjs'), sdkEsm);
    writeFileSync(join(projectDir, 'sdk.cjs'), sdkCjs);
    await check('the SDK (ESM)', () => execFileSync(process.execPath, ['sdk.mjs'], { cwd: projectDir, encoding: 'utf8', env: { ...process.env, BASE_URL: baseUrl } }));
    await check('the SDK (CommonJS)', () => execFileSync(process.execPath, ['sdk.cjs'], { cwd: projectDir, encoding: 'utf8', env: { ...process.env, BASE_URL: baseUrl } }));
    writeFileSync(join(projectDir, 'conformance.cjs'), conformanceCjs);
    await check('the conformance rules as a library (CommonJS)', () =>
      execFileSync(process.execPath, ['conformance.cjs'], { cwd: projectDir, encoding: 'utf8', env: { ...process.env, BASE_URL: baseUrl } }),
    );
  } catch (error) {
    results.push({ name: 'medsched-server serves the demo data', ok: false, detail: error.message });
  } finally {
    await server.stop();
  }
  writeFileSync(join(projectDir, 'mock.mjs'), mockEsm);
  await check('the mock server in a Node script', () => execFileSync(process.execPath, ['mock.mjs'], { cwd: projectDir, encoding: 'utf8' }));

  for (const name of packages) {
    await check(`publint and attw on ${name} as published`, () => {
      const file = npm(['pack', name, '--loglevel=error']).trim().split('\n').at(-1);
      lint(name, join(projectDir, file));
      return file;
    });
  }
  return projectDir;
}
