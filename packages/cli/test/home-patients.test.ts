import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempConfigDir } from './support/run-cli.js';
import { expectNoSecretsInTranscript } from './support/secrets.js';
import { demoUser, startTestServer } from './support/test-server.js';

let server: RunningServer;
let env: Record<string, string>;
const admin = demoUser(0, 'admin');
const day = ['--from', '2026-06-01', '--to', '2026-06-01'];

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: admin.apiKey, NO_COLOR: '1' };
  // Namesakes differing only by an accent, created so that the ids run against the name order:
  // a comparison that ignores accents would order them by id, Müller first.
  for (const [name, email] of [
    ['Anna Müller', 'anna.mueller@sonnen.example'],
    ['Anna Muller', 'anna.muller@sonnen.example'],
  ] as const) {
    const user = await runCli(['user', 'create', '--name', name, '--email', email, '--role', 'patient', '--timezone', 'Europe/Berlin', '--json', 'id', '--yes'], env);
    expect(user.code, user.stderr).toBe(0);
    const id = (JSON.parse(user.stdout) as { id: string }).id;
    const entry = await runCli(['calendar', 'create', '--patient', id, '--name', 'Morning tablet', '--date', '2026-06-01', '--time', '08:00', '--amount', '1', '--unit', 'tablet', '--yes'], env);
    expect(entry.code, entry.stderr).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

const order = (text: string) => [...text.matchAll(/Anna Mu?ü?ller/g)].map((match) => match[0]).filter((name, index, all) => all.indexOf(name) === index);

describe('one reader of the home, one order', () => {
  it('a home-wide question lists namesakes differing by an accent in the order bake show --all-patients shows them', async () => {
    const question = await runCli(['bake', '--all-patients', ...day, '--dry-run'], env);
    expect(question.code, question.stderr).toBe(0);
    const asked = order(
      question.stderr
        .split('\n')
        .filter((line) => /^ {4}\S/.test(line))
        .join('\n'),
    );
    expect(asked).toEqual(['Anna Muller', 'Anna Müller']);
    expect((await runCli(['bake', '--all-patients', ...day, '--yes', '--json', 'date'], env)).code).toBe(0);
    const shown = await runCli(['bake', 'show', '--all-patients', ...day, '--output', 'table'], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(order(shown.stdout)).toEqual(asked);
  }, 120_000);
});
