// Running a cell's commands: never blocking (the fault proxy and the page server live in the
// runner's process and must go on answering while a cell runs), output kept for the failure report.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The line a scenario's host script ends with: the checks to $ECOSYSTEM_RESULT. */
export const writeResult = `require('node:fs').writeFileSync(process.env.ECOSYSTEM_RESULT, JSON.stringify(checks))`;

/** Runs a command; resolves with its exit status and output. */
export function spawnAsync(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => ((stdout += chunk), (output += chunk)));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, output }));
  });
}

/** The last lines of a command's output, for a failure's detail. */
export const tail = (output) => output.trim().split('\n').slice(-15).join('\n');

/** Runs a command in the project; the cell fails with its output when it exits non-zero. */
export async function run(dir, command, args, env = {}) {
  const { status, stdout, output } = await spawnAsync(command, args, { cwd: dir, env: { ...process.env, ...env } });
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${status}: ${tail(output)}`);
  return stdout;
}

/** Runs a command that writes the scenario's checks to $ECOSYSTEM_RESULT, and returns them. */
export async function scenario(dir, command, args, env) {
  const result = join(dir, 'result.json');
  const { status, output } = await spawnAsync(command, args, { cwd: dir, env: { ...process.env, ECOSYSTEM_ENV: JSON.stringify(env), ECOSYSTEM_RESULT: result } });
  try {
    return JSON.parse(readFileSync(result, 'utf8'));
  } catch {
    throw new Error(`${command} ${args.join(' ')} exited ${status} without a result: ${tail(output)}`);
  } finally {
    rmSync(result, { force: true });
  }
}

/** A tool's entry file inside the project (`node_modules/<package>/<file>`), run with the given Node. */
export const toolPath = (dir, packageName, file) => join(dir, 'node_modules', packageName, file);

/** A tool's command as npm linked it (`node_modules/.bin/<name>`). */
export const binPath = (dir, name) => join(dir, 'node_modules', '.bin', name);
