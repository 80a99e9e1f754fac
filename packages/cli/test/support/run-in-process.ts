import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** dist/run.js: one CLI invocation in this process (src/run.ts). */
const runModule = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'run.js')).href;

interface RunModule {
  run(args: readonly string[], options: { env: NodeJS.ProcessEnv; input?: string; scriptPath?: string }): Promise<{ code: number; stdout: string; stderr: string }>;
}

// Loaded by Node itself, not transformed by vitest (vitest.config.ts: server.deps.external): the
// built bundle runs as the bin runs it, compiled once per worker instead of once per run.
let loaded: Promise<RunModule> | undefined;

/**
 * Whether a run with this environment behaves in this process as in its own: the time zone is
 * the process's (Node has one per process; the CLI's default zone is the machine's), and so are
 * the Node options (a preloaded fake clock, say). Anything else runs as a process.
 */
export function runsAlikeInProcess(env: NodeJS.ProcessEnv): boolean {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return env.TZ !== undefined && (env.TZ === zone || (env.TZ === 'UTC' && zone === 'Etc/UTC')) && env.NODE_OPTIONS === process.env.NODE_OPTIONS;
}

/** Runs `medsched <args>` in this process with exactly `env` and `input` as stdin. */
export async function runInProcess(args: string[], env: NodeJS.ProcessEnv, input: string, scriptPath: string): Promise<{ code: number; stdout: string; stderr: string }> {
  loaded ??= import(/* @vite-ignore */ runModule) as Promise<RunModule>;
  return (await loaded).run(args, { env, input, scriptPath });
}
