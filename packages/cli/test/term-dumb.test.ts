import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInTerminal } from './support/pseudo-terminal.js';
import { tempConfigDir } from './support/run-cli.js';

/**
 * One colour rule for everything the CLI writes to a terminal (output/terminal.ts `showsColor`):
 * a terminal that says it shows none (TERM=dumb, an Emacs shell, a serial console) gets no escape
 * sequences, whether the line is a retry note, an error or the --timeout error. Before, the
 * retry notes and the --timeout error each had a rule of their own that forgot TERM=dumb.
 */
const escape = '\u001b[';
const plain = (screen: string) => screen.replace(/\u001b\[[0-9;]*m/g, '');
let silent: Server;
const held: Socket[] = [];
let silentPort = 0;
// Nobody listens on port 1 (tcpmux), and only root could: refused at once, retried with a note, then the error.
const closedPort = 1;

beforeAll(async () => {
  // Accepts and never answers: the run ends at its --timeout.
  silent = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

const env = (port: number, term: string) => ({ MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_API_KEY: 'msk_not_a_real_key', MEDSCHED_BASE_URL: `http://127.0.0.1:${port}/v1`, TERM: term });
const organization = '64d001000000000000000001';

describe('TERM=dumb: no colour on a terminal that shows none', () => {
  it.each(['dumb', 'xterm-256color'])('a refused connection (retry notes, then the error) under TERM=%s', async (term) => {
    const run = runInTerminal(['org', 'get', organization], env(closedPort, term), { size: { columns: 200, rows: 40 } });
    expect(await run.closed).toBe(7);
    const screen = run.output();
    expect(plain(screen)).toMatch(/Retrying GET/);
    expect(plain(screen)).toMatch(/error: could not reach/);
    // The other terminal does get colours: the check can see them.
    expect(screen.includes(escape), screen).toBe(term !== 'dumb');
  });

  it.each(['dumb', 'xterm-256color'])('the --timeout error under TERM=%s', async (term) => {
    const run = runInTerminal(['org', 'get', organization, '--timeout', '1'], env(silentPort, term), { size: { columns: 200, rows: 40 } });
    expect(await run.closed).toBe(7);
    const screen = run.output();
    expect(plain(screen)).toMatch(/error: timed out after 1 s/);
    expect(screen.includes(escape), screen).toBe(term !== 'dumb');
  });
});
