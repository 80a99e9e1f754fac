// A throw-away npm registry on loopback (Verdaccio from npm), for the release rehearsal: it serves
// only what is published to it; a project reaches it for the @medsched scope alone.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Verdaccio 6.8.0 is the last line that runs on Node 20; its node-fetch 3 needs Node 22, so 2.7.0. */
const registryManifest = {
  name: 'medsched-rehearsal-registry',
  private: true,
  dependencies: { verdaccio: '6.8.0' },
  overrides: { 'node-fetch': '2.7.0' },
};

/**
 * Installs Verdaccio into `toolDir` once (kept between rehearsals: it does not change).
 * @param {string} toolDir
 */
export function installRegistry(toolDir) {
  if (existsSync(join(toolDir, 'node_modules', 'verdaccio', 'package.json'))) return;
  mkdirSync(toolDir, { recursive: true });
  writeFileSync(join(toolDir, 'package.json'), `${JSON.stringify(registryManifest, null, 2)}\n`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: toolDir, stdio: 'inherit' });
}

const configYaml = `storage: ./storage
auth:
  htpasswd:
    file: ./htpasswd
    max_users: 10
uplinks: {}
packages:
  '@medsched/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
log: { type: stdout, format: pretty, level: warn }
`;

/**
 * Starts Verdaccio on 127.0.0.1 at a free port, with its storage in `dataDir`, and a user to
 * publish as. Resolves once it listens.
 * @param {string} toolDir where installRegistry put Verdaccio
 * @param {string} dataDir an empty directory for this rehearsal's storage
 * @returns {Promise<{ url: string, token: string, stop: () => Promise<void> }>}
 */
export async function startRegistry(toolDir, dataDir) {
  mkdirSync(dataDir, { recursive: true });
  const configPath = join(dataDir, 'config.yaml');
  writeFileSync(configPath, configYaml);
  const program = `
    const { runServer } = require(${JSON.stringify(join(toolDir, 'node_modules', 'verdaccio'))});
    runServer(${JSON.stringify(configPath)}).then((app) => {
      const server = app.listen(0, '127.0.0.1', () => console.log('listening on ' + server.address().port));
    });`;
  const child = spawn(process.execPath, ['-e', program], { cwd: dataDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const port = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      printed += chunk.toString();
      const match = /listening on (\d+)/.exec(printed);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the local registry exited (${code}) before listening:\n${printed}`)));
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    const answer = await fetch(`${url}-/user/org.couchdb.user:rehearsal`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'rehearsal', password: 'rehearsal-password', email: 'rehearsal@example.invalid' }),
    });
    const body = await answer.json();
    if (!answer.ok || typeof body.token !== 'string') throw new Error(`could not add a user to the local registry: ${answer.status} ${JSON.stringify(body)}`);
    return { url, token: body.token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
