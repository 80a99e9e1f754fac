import { homedir } from 'node:os';
import { join } from 'node:path';
import { cliProcess } from '../io/cli-process.js';

/**
 * Where conf keeps `medsched`'s file (`projectName: 'medsched'`, its default `-nodejs` suffix,
 * env-paths' config directory per platform), or `MEDSCHED_CONFIG_DIR`. Computed here so that
 * reading profiles does not load conf, ajv and semver; writes still go through conf, which a
 * test checks lands on the same file.
 */
export function configDirectory(env: NodeJS.ProcessEnv = cliProcess().env, platform: NodeJS.Platform = process.platform): string {
  if (env.MEDSCHED_CONFIG_DIR) return env.MEDSCHED_CONFIG_DIR;
  const name = 'medsched-nodejs';
  // homedir() reads the real process's HOME: an in-process run's HOME is its own (Node's rule: HOME when set, else the account's).
  const home = env.HOME !== undefined ? env.HOME : homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', name);
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), name, 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), name);
}

export function configFilePath(env: NodeJS.ProcessEnv = cliProcess().env): string {
  return join(configDirectory(env), 'config.json');
}
