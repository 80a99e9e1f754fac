// How the scripts run pnpm. `npx -y pnpm@…` costs about 5 CPU-seconds before pnpm starts (npx
// resolves the package every time); under `pnpm run` (and the test processes it starts), pnpm
// names itself in npm_execpath, and running that file directly costs 0.7.

import { readFileSync } from 'node:fs';

/** The pnpm the repository pins: package.json's `packageManager`, e.g. `pnpm@10.34.9`. */
export const pinnedPnpm = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).packageManager;

/**
 * The command and arguments that run pnpm with `args`: the pnpm that runs the current script
 * when there is one, else the pinned one through npx.
 * @param {string[]} args
 * @returns {[string, string[]]}
 */
export function pnpmCommand(args) {
  const execPath = process.env.npm_execpath ?? '';
  const name = execPath.split(/[\\/]/).pop() ?? '';
  // pnpm's script (pnpm.cjs) runs on this Node; @pnpm/exe is a program of its own.
  if (/^pnpm\.[cm]?js$/.test(name)) return [process.execPath, [execPath, ...args]];
  if (/^pnpm(?:\.exe)?$/.test(name)) return [execPath, args];
  return ['npx', ['-y', pinnedPnpm, ...args]];
}
