import type { RunningServer, StartServerOptions } from '@medsched/reference-server/node';
import { afterAll, beforeAll } from 'vitest';
import { endLeftoverTerminals } from './pseudo-terminal.js';
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
