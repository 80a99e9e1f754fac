import { readFileSync } from 'node:fs';
import { usageError } from '../errors/cli-error.js';
import { configDirectory, configFilePath } from './config-path.js';
import { folderSecurityNote, secureConfigFolder } from './config-folder.js';
import type { Profile, StoredConfig } from './profile.js';
import { defaultProfileName } from './profile.js';
import { cliProcess } from '../io/cli-process.js';

type Conf = import('conf').default<StoredConfig>;

/** The file as read, or the defaults when there is none yet. */
function readStored(path: string): StoredConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { currentProfile: defaultProfileName, profiles: {} };
    throw usageError(`cannot read the config file ${path}: ${(error as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as Partial<StoredConfig>;
    return { currentProfile: parsed.currentProfile ?? defaultProfileName, profiles: parsed.profiles ?? {} };
  } catch {
    throw usageError(`the config file ${path} is not valid JSON`, 'fix it, or move it away and run `medsched login` again');
  }
}

/**
 * The profiles file. Reading is a plain JSON read: every data command reads it, and conf would
 * load ajv and semver (about 450 KB) for that. Writing goes through conf (atomic write, mode
 * 0600, because the file holds API keys and tokens), imported on the first write only.
 * `MEDSCHED_CONFIG_DIR` moves it (tests use a temporary directory).
 */
export class ProfileStore {
  #stored: StoredConfig;
  #conf: Conf | undefined;
  readonly path: string;

  private constructor(path: string, stored: StoredConfig) {
    this.path = path;
    this.#stored = stored;
  }

  // async although nothing is awaited: an unreadable config file is then a rejected promise, as callers expect.
  // oxlint-disable-next-line typescript/require-await -- see above
  static async open(): Promise<ProfileStore> {
    const path = configFilePath();
    return new ProfileStore(path, readStored(path));
  }

  get currentProfile(): string {
    return this.#stored.currentProfile;
  }

  get names(): string[] {
    return Object.keys(this.#stored.profiles);
  }

  get(name: string): Profile | undefined {
    return this.#stored.profiles[name];
  }

  async setCurrentProfile(name: string): Promise<void> {
    (await this.#writer()).set('currentProfile', name);
    this.#stored = { ...this.#stored, currentProfile: name };
  }

  async put(name: string, profile: Profile): Promise<void> {
    const profiles = { ...this.#stored.profiles, [name]: withoutUndefined(profile) };
    (await this.#writer()).set('profiles', profiles);
    this.#stored = { ...this.#stored, profiles };
  }

  async remove(name: string): Promise<void> {
    const { [name]: _removed, ...rest } = this.#stored.profiles;
    (await this.#writer()).set('profiles', rest);
    this.#stored = { ...this.#stored, profiles: rest };
  }

  async #writer(): Promise<Conf> {
    if (this.#conf === undefined) {
      const { default: Conf } = await import('conf');
      // The folder first, 0700: conf would create it 0755.
      const folder = configDirectory();
      const note = folderSecurityNote(folder, secureConfigFolder(folder));
      if (note !== undefined) cliProcess().stderr.write(`! ${note}\n`);
      this.#conf = new Conf<StoredConfig>({
        projectName: 'medsched',
        cwd: folder,
        configFileMode: 0o600,
        // Profile names may contain dots; keys are never paths here.
        accessPropertiesByDotNotation: false,
        defaults: { currentProfile: defaultProfileName, profiles: {} },
      });
    }
    return this.#conf;
  }
}

function withoutUndefined(profile: Profile): Profile {
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined)) as Profile;
}
