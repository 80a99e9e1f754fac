import { expect } from 'vitest';
import { transcript } from './run-cli.js';
import { demoSecrets } from './test-server.js';

/** After a suite: no API key or token appeared in any stdout or stderr of any run. */
export function expectNoSecretsInTranscript(extraSecrets: string[] = []): void {
  expect(transcript.length).toBeGreaterThan(0);
  const all = transcript.join('\n');
  for (const secret of [...demoSecrets, ...extraSecrets]) expect(all.includes(secret), `a secret (…${secret.slice(-4)}) appeared in the CLI output`).toBe(false);
}
