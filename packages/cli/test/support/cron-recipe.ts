import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliBin, transcript } from './run-cli.js';
import { testTempDir } from '../../../../scripts/test-temp-dir.mjs';

// The recipe of the README (examples/cli-scripting/monday-bake.sh) run as cron runs it: `sh`,
// `env -i` (nothing inherited), `setsid` (no terminal), stdin from /dev/null, stdout and stderr
// to files (test/unattended-monday.test.ts).
const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'examples', 'cli-scripting', 'monday-bake.sh');

/** How one run of the recipe ended, and what it printed. */
export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** One run of the recipe for the profile `ampark`. */
export interface RecipeOptions {
  /** The CLI's configuration directory, with the profile logged in. */
  configDir: string;
  /** The findings acknowledged for the home (`MEDSCHED_ACK`). */
  acks: string;
  baseUrl?: string;
  week: [string, string];
  extraEnv?: Record<string, string>;
  /** e.g. /dev/full; the run's own file when not given. */
  stdoutPath?: string;
  stderrPath?: string;
  /** Called with the recipe's pid while it runs: may kill it. */
  whileRunning?: (pid: number) => Promise<void>;
}

/** Runs the recipe as cron would; its output joins the secrets transcript. */
export async function runRecipe(options: RecipeOptions): Promise<Run> {
  const { configDir } = options;
  const dir = testTempDir('medsched-monday-');
  const outPath = options.stdoutPath ?? join(dir, 'out.log');
  const errPath = options.stderrPath ?? join(dir, 'err.log');
  const out = openSync(outPath, 'w');
  const err = openSync(errPath, 'w');
  const env = [
    `PATH=${dirname(process.execPath)}:/usr/bin:/bin`,
    `HOME=${dir}`,
    `MEDSCHED_CONFIG_DIR=${configDir}`,
    `MEDSCHED_BIN=${process.execPath} ${cliBin}`,
    `MEDSCHED_LOCK=${join(configDir, 'monday.lock')}`,
    `MEDSCHED_ACK=${options.acks}`,
    `FROM=${options.week[0]}`,
    `TO=${options.week[1]}`,
    ...(options.baseUrl === undefined ? [] : [`MEDSCHED_BASE_URL=${options.baseUrl}`]),
    ...Object.entries(options.extraEnv ?? {}).map(([name, value]) => `${name}=${value}`),
  ];
  const child = spawn('setsid', ['env', '-i', ...env, 'sh', script, 'ampark'], { stdio: ['ignore', out, err] });
  closeSync(out);
  closeSync(err);
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  if (options.whileRunning) await options.whileRunning(child.pid as number);
  const { code, signal } = await closed;
  const stdout = options.stdoutPath === undefined ? readFileSync(outPath, 'utf8') : '';
  const stderr = options.stderrPath === undefined ? readFileSync(errPath, 'utf8') : '';
  transcript.push(stdout, stderr);
  return { code, signal, stdout, stderr };
}
