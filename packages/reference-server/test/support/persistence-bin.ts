import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createClient, type MedschedClient } from '@medsched/sdk';
import { expect } from 'vitest';
import { org1 } from './demo.js';

/**
 * The built `medsched-server` with a data file, for the persistence tests: data files in a
 * directory of the test file's own, servers started, refused, stopped and killed, and the lines
 * of a data file read and written with their checksums.
 */

type Child = ChildProcessByStdio<null, Readable, Readable>;

export const bin = fileURLToPath(new URL('../../dist/node/bin.js', import.meta.url));
/**
 * The test file's data files: made again after `removeDataFiles`, for the next test file that a
 * worker runs with this module already loaded (test files need not run in a process of their own).
 */
export let directory = mkdtempSync(join(tmpdir(), 'medsched-persistence-'));
const children = new Set<Child>();
let fileCount = 0;
/** A path for a new data file (not created). */
export function newDataFile(): string {
  if (!existsSync(directory)) directory = mkdtempSync(join(tmpdir(), 'medsched-persistence-'));
  return join(directory, `sandbox-${++fileCount}.data`);
}

/** For `afterEach`: kills every server a test started and left running. */
export function killStartedServers(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** For `afterAll`: removes the data files of the test file. */
export function removeDataFiles(): void {
  rmSync(directory, { recursive: true, force: true });
}

export interface Started {
  child: Child;
  url: string;
  stdout: () => string;
  stderr: () => string;
  client: MedschedClient;
}

function spawnBin(file: string | undefined, env: NodeJS.ProcessEnv = {}) {
  // The demo keys identify the demo users in these tests; a data file has them off by default.
  const args = [bin, '--port', '0', '--seed', 'demo', '--admin-secret', 'persistence-test', '--demo-keys', 'on', ...(file ? ['--data', file] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Starts the built bin on a free port and resolves once it prints where it listens. */
export async function start(file: string | undefined, env: NodeJS.ProcessEnv = {}): Promise<Started> {
  const { child, exited, stdout, stderr } = spawnBin(file, env);
  const url = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+)\/v1)/.exec(stdout());
      if (match && /data file:|\n\s*admin secret/.test(stdout())) resolve(match[1]!);
    };
    child.stdout.on('data', look);
    void exited.then((code) => reject(new Error(`exited with ${code}: ${stdout()}${stderr()}`)));
  });
  const client = createClient({ baseUrl: url, apiKey: org1.admin.apiKey, maxRetries: 0 });
  return { child, url, stdout, stderr, client };
}

/** Starts the bin expecting it to refuse: resolves to its exit code and stderr. */
export async function startRefused(file: string): Promise<{ code: number | null; stderr: string }> {
  const { exited, stderr } = spawnBin(file);
  const code = await exited;
  return { code, stderr: stderr() };
}

/** Sends `signal` and resolves to the exit code. */
export async function stop(server: Started, signal: NodeJS.Signals): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) resolve(server.child.exitCode);
    else server.child.once('exit', (code) => resolve(code));
  });
  server.child.kill(signal);
  return exited;
}

/** Every line of a data file must be `<16 hex of SHA-256> <json>\n`. */
export function checkedLines(file: string): unknown[] {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const [checksum, json] = [line.slice(0, 16), line.slice(17)];
      expect(createHash('sha256').update(json).digest('hex').slice(0, 16)).toBe(checksum);
      return JSON.parse(json) as unknown;
    });
}

/** A data file line: `<16 hex of SHA-256> <json>\n`. */
export const line = (value: unknown) => {
  const json = JSON.stringify(value);
  return `${createHash('sha256').update(json).digest('hex').slice(0, 16)} ${json}\n`;
};
