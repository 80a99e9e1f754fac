import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInProcess, runsAlikeInProcess } from './run-in-process.js';
import { testTempDir } from '../../../../scripts/test-temp-dir.mjs';

export const cliBin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'bin.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Every output of every run in this process, so a suite can check that no secret leaked. */
export const transcript: string[] = [];

/** A fresh config directory: tests never touch the real ~/.config. */
export function tempConfigDir(): string {
  return testTempDir('medsched-cli-');
}

/**
 * The environment of a run: nothing inherited that could change behaviour (a developer's
 * MEDSCHED_* variables, colours), plus what the test gives.
 */
export function cliEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  // The locale decides the CSV dialect and the plan's language: a German LANG on the test machine must not change the results.
  const decided = new Set(['NO_COLOR', 'FORCE_COLOR', 'LANG', 'LC_ALL', 'LC_NUMERIC', 'LC_MESSAGES']);
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('MEDSCHED_') && !decided.has(name)) env[name] = value;
  env.TZ = 'UTC';
  env.LANG = 'C.UTF-8';
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

/** Starts the built CLI; stdin is a pipe (so not a terminal), as in a script. */
export function spawnCli(args: string[], env: Record<string, string | undefined>): ChildProcess & { output: () => CliResult } {
  const child = spawn(process.execPath, [cliBin, ...args], { env: cliEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.on('close', () => transcript.push(stdout, stderr));
  return Object.assign(child, { output: () => ({ code: child.exitCode, stdout, stderr }) });
}

/**
 * Runs the CLI to the end and returns its exit code and output: in this process (dist/run.js,
 * see support/run-in-process.ts) when nothing of the run depends on the process itself, else as
 * a process (`runCliProcess`). Tests of the process boundary (exit status of the process, signals,
 * terminals, pipes) call `runCliProcess` or `spawnCli` themselves.
 */
export async function runCli(args: string[], env: Record<string, string | undefined>, input?: string): Promise<CliResult> {
  const environment = cliEnv(env);
  if (!runsAlikeInProcess(environment)) return runCliProcess(args, env, input);
  const result = await runInProcess(args, environment, input ?? '', cliBin);
  transcript.push(result.stdout, result.stderr);
  return result;
}

/** Runs the built CLI as a process (node dist/bin.js, stdin a pipe that ends) and returns its exit code and output. */
export async function runCliProcess(args: string[], env: Record<string, string | undefined>, input?: string): Promise<CliResult> {
  const child = spawnCli(args, env);
  child.stdin?.end(input ?? '');
  const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
  return { ...child.output(), code };
}

/**
 * Waits until `predicate` holds on the output so far (polling), or fails after `timeoutMs`: a bound
 * for a hung CLI, generous because a process start takes 10 s and more on a loaded machine.
 */
export async function waitForOutput(child: { output: () => CliResult }, predicate: (result: CliResult) => boolean, timeoutMs = 45_000): Promise<void> {
  const started = Date.now();
  while (!predicate(child.output())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for output; so far:\n${JSON.stringify(child.output(), null, 2)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends Ctrl-C (SIGINT) to a CLI started with `spawnCli` and waits for it to end: its exit code and output. */
export async function pressCtrlC(child: ChildProcess & { output: () => CliResult }): Promise<CliResult> {
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  child.kill('SIGINT');
  const code = await closed;
  return { ...child.output(), code };
}

/**
 * Starts the CLI as a script would (stdin a closed pipe), waits until `ready` holds on its
 * output or on what the test's server saw, then presses Ctrl-C: the exit code and output.
 */
export async function interruptCli(args: string[], env: Record<string, string | undefined>, ready: (result: CliResult) => boolean, timeoutMs?: number): Promise<CliResult> {
  const child = spawnCli(args, env);
  child.stdin?.end();
  await waitForOutput(child, ready, timeoutMs);
  return pressCtrlC(child);
}
