import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedWorkspacePackages } from '../../../scripts/packed-packages.mjs';
import { cliEnv, tempConfigDir, transcript } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let project: string;
const nurse = demoUser(0, 'user');
const clara = demoUser(0, 'patient1');

beforeAll(async () => {
  server = await startTestServer();
  // The package as a user gets it: packed by pnpm, installed with plain npm outside the workspace.
  const tarball = join(packedWorkspacePackages(['@medsched/cli']), 'medsched-cli.tgz');
  project = mkdtempSync(join(tmpdir(), 'medsched-cli-consumer-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  // --offline: the CLI bundles what it needs, so installing it must not need the registry.
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: 'pipe' });
});
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

/** Runs the installed bin; asynchronously, because the server answers from this process. */
async function medsched(args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = cliEnv({ MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey });
  const { stdout, stderr } = await promisify(execFile)(join(project, 'node_modules', '.bin', 'medsched'), args, { env, encoding: 'utf8' });
  transcript.push(stdout, stderr);
  return { stdout, stderr };
}

describe('the packed CLI installed with npm', () => {
  it("has no runtime dependencies to install and runs a pharmacist's first steps", async () => {
    const installed = JSON.parse(execFileSync('npm', ['ls', '--all', '--json'], { cwd: project, encoding: 'utf8' })) as { dependencies: Record<string, { dependencies?: object }> };
    expect(Object.keys(installed.dependencies)).toEqual(['@medsched/cli']);
    expect(installed.dependencies['@medsched/cli']?.dependencies).toBeUndefined();

    expect((await medsched(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(JSON.parse((await medsched(['whoami', '--json', 'organization,role'])).stdout)).toEqual({ organization: nurse.organizationId, role: 'staff' });
    expect(JSON.parse((await medsched(['patients', 'list', '--json', 'id', '--no-devices'])).stdout)).toContainEqual({ id: clara.userId });
    const csv = (await medsched(['bake', '--patient', 'Clara Claus', '--from', '2026-01-05', '--output', 'csv'])).stdout;
    expect(csv.split('\r\n')[0]).toBe('date,time,utcOffset,timeZone,patient,patientId,medication,amount,unit,title,device,id');
  });
});
