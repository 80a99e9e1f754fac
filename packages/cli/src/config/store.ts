import type { Profile, StoredConfig } from './profile.js';
import { defaultProfileName } from './profile.js';

/**
 * The profiles file, through conf. Written with mode 0600 because it holds API keys and
 * tokens. `MEDSCHED_CONFIG_DIR` moves it (tests use a temporary directory).
 * conf is imported lazily: it pulls in ajv, which `--help` should not pay for.
 */
export class ProfileStore {
  readonly #conf: import('conf').default<StoredConfig>;

  private constructor(conf: import('conf').default<StoredConfig>) {
    this.#conf = conf;
  }

  static async open(): Promise<ProfileStore> {
    const { default: Conf } = await import('conf');
    const cwd = process.env.MEDSCHED_CONFIG_DIR || undefined;
    const conf = new Conf<StoredConfig>({
      projectName: 'medsched',
      ...(cwd && { cwd }),
      configFileMode: 0o600,
      // Profile names may contain dots; keys are never paths here.
      accessPropertiesByDotNotation: false,
      defaults: { currentProfile: defaultProfileName, profiles: {} },
    });
    return new ProfileStore(conf);
  }

  get path(): string {
    return this.#conf.path;
  }

  get currentProfile(): string {
    return this.#conf.get('currentProfile');
  }

  set currentProfile(name: string) {
    this.#conf.set('currentProfile', name);
  }

  get names(): string[] {
    return Object.keys(this.#conf.get('profiles'));
  }

  get(name: string): Profile | undefined {
    return this.#conf.get('profiles')[name];
  }

  put(name: string, profile: Profile): void {
    const profiles = { ...this.#conf.get('profiles'), [name]: withoutUndefined(profile) };
    this.#conf.set('profiles', profiles);
  }

  remove(name: string): void {
    const { [name]: _removed, ...rest } = this.#conf.get('profiles');
    this.#conf.set('profiles', rest);
  }
}

function withoutUndefined(profile: Profile): Profile {
  return Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined)) as Profile;
}
