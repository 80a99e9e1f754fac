import type { DemoCredential } from '@medsched/reference-server';
import type { RunningServer, StartServerOptions } from '@medsched/reference-server/node';
import { afterAll, beforeAll } from 'vitest';
import { endLeftoverTerminals } from './pseudo-terminal.js';
import { tempConfigDir } from './run-cli.js';
import { expectNoSecretsInTranscript } from './secrets.js';
import { startTestServer } from './test-server.js';

/** The test file's reference server; `server` may be read once the file's `beforeAll` ran (inside tests and later hooks). */
export interface CliServer {
  readonly server: RunningServer;
}

/**
 * One reference server (demo seed, free port) for a CLI test file: started before its tests;
 * after them, terminals a failed test left waiting are ended, the server is closed, and the
 * transcript of every CLI run is checked for secrets. Call once, at the top of the file; hooks
 * the file adds after it run after the server started (and before it closes).
 */
export function useCliServer(options: StartServerOptions = {}): CliServer {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await startTestServer(options);
  });
  afterAll(async () => {
    endLeftoverTerminals();
    await running?.close();
    expectNoSecretsInTranscript();
  });
  return {
    get server(): RunningServer {
      if (running === undefined) throw new Error('the test server starts in beforeAll: read it inside a test or a later hook');
      return running;
    },
  };
}

/** The file's reference server and a CLI signed in there as one user. */
export interface SignedInCli extends CliServer {
  /** A run's environment as that user (API key, base URL, the file's own config directory); read it inside tests and later hooks. */
  readonly env: Record<string, string>;
}

/**
 * `useCliServer` and the environment of a CLI signed in as `user` with an API key, in a config
 * directory of the file's own: the set-up most CLI test files share. Call once, at the top of the file.
 */
export function useSignedInCli(user: DemoCredential, options: StartServerOptions = {}): SignedInCli {
  const cli = useCliServer(options);
  let env: Record<string, string> | undefined;
  beforeAll(() => {
    env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: cli.server.url, MEDSCHED_API_KEY: user.apiKey };
  });
  return {
    get server(): RunningServer {
      return cli.server;
    },
    get env(): Record<string, string> {
      if (env === undefined) throw new Error('the signed-in environment is made in beforeAll: read it inside a test or a later hook');
      return env;
    },
  };
}
