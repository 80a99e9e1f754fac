import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@medsched/sdk';
import fc from 'fast-check';
import type { RunningServer } from '@medsched/reference-server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planLanguageOfLocale, resolvePlanLanguage } from '../../output/plan-language.js';
import { pdfPageTexts } from '../../../test/support/pdf-text.js';
import { cliBin, cliEnv, runCli, tempConfigDir, transcript } from '../../../test/support/run-cli.js';
import { expectNoSecretsInTranscript } from '../../../test/support/secrets.js';
import { demoUser, startTestServer } from '../../../test/support/test-server.js';

/**
 * The plan in the reader's language: `--lang`, the profile's `plan-language`, the locale
 * (LC_ALL, LC_MESSAGES, LANG), else the server's choice; the CLI as a process, the reference
 * server over HTTP, the PDF read back.
 */

let server: RunningServer;
let env: Record<string, string>;
let patientId = '';
const nurse = demoUser(0, 'user');
const week = ['--from', '2026-04-06', '--to', '2026-04-12'];

beforeAll(async () => {
  server = await startTestServer();
  env = { MEDSCHED_CONFIG_DIR: tempConfigDir(), MEDSCHED_BASE_URL: server.url, MEDSCHED_API_KEY: nurse.apiKey };
  const client = createClient({ baseUrl: server.url, apiKey: nurse.apiKey });
  const organization = nurse.organizationId;
  const patient = await client.users.create({ organization, name: 'Jürgen Müller', role: 'patient', timezone: 'Europe/Berlin', meta: { dateOfBirth: '1941-02-03' } });
  patientId = patient.id;
  for (const [name, time, amount] of [
    ['Bisoprolol 2.5 mg', '08:00', 0.5],
    ['Amlodipin 5 mg', '18:00', 1.5],
    ['Lactulose', '21:30', 2.4],
  ] as const) {
    const { id } = await client.medications.create({ name, organization });
    await client.calendars.create({
      patient: patientId,
      medication: id,
      name,
      date: '2026-04-06',
      rrule: 'FREQ=DAILY',
      intakeTime: time,
      amount,
      unit: name === 'Lactulose' ? 'ml' : 'tablet',
      emptyStomach: name.startsWith('Bisoprolol'),
    });
  }
  await client.calendars.bake.create({ patient: patientId, from: '2026-04-06', to: '2026-04-12' });
}, 60_000);
afterAll(async () => {
  await server.close();
  expectNoSecretsInTranscript();
});

/** Runs the CLI in `cwd`, where a plan without --out is saved under its default name. */
async function runIn(cwd: string, args: string[], extra: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [cliBin, ...args], { cwd, env: cliEnv({ ...env, ...extra }), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  transcript.push(stderr);
  return { code, stderr };
}

describe('medsched plan in German', () => {
  it("LANG=de_DE.UTF-8: a German plan, said on stderr, saved under the patient's name", async () => {
    const folder = tempConfigDir();
    const plan = await runIn(folder, ['plan', '--patient', 'Jürgen', ...week], { LANG: 'de_DE.UTF-8' });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain('Plan in German (locale de_DE.UTF-8; --lang en for English)');
    const file = join(folder, 'plan-juergen-mueller-2026-04-06.pdf');
    expect(plan.stderr).toContain(`Saved the plan of Jürgen Müller (${patientId}) from 2026-04-06 to 2026-04-12 in plan-juergen-mueller-2026-04-06.pdf`);
    const [text, ...more] = await pdfPageTexts(readFileSync(file));
    expect(more).toHaveLength(0);
    for (const label of [
      'Medikationsplan',
      'Jürgen Müller',
      'Geburtsdatum 03.02.1941',
      '06.04.2026 bis 12.04.2026',
      'Zeitzone Europe/Berlin',
      'Medikament',
      'Hinweise',
      'Mo 06.04.',
      'So 12.04.',
      'Nüchtern',
      'zur Nacht',
      'Seite 1 von 1',
    ]) {
      expect(text, label).toContain(label);
    }
    expect(text).toMatch(/Erstellt am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(Europe\/Berlin\) von /);
    // Halves as glyphs, other amounts with a decimal comma; the strength as stored.
    const cells = text!.split('\n');
    expect(cells.filter((cell) => cell === '½')).toHaveLength(7);
    expect(cells.filter((cell) => cell === '1½')).toHaveLength(7);
    expect(cells.filter((cell) => cell === '2,4')).toHaveLength(7);
    expect(text).toContain('2.5 mg');
    expect(text).not.toContain('Medication plan');
  }, 90_000);

  it('plan --all-patients with LANG=de_DE.UTF-8: every page German', async () => {
    const out = join(tempConfigDir(), 'home.pdf');
    const plan = await runCli(['plan', '--all-patients', ...week, '--out', out], { ...env, LANG: 'de_DE.UTF-8' });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stderr).toContain('Plan in German (locale de_DE.UTF-8; --lang en for English)');
    const pages = await pdfPageTexts(readFileSync(out));
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.some((page) => page.includes('Jürgen Müller'))).toBe(true);
    for (const page of pages) expect(page).toMatch(/^Medikationsplan$[\s\S]*Seite \d+ von \d+/m);
  }, 90_000);
});

describe('which language', () => {
  /** The page address inside the signed link `plan --link` prints. */
  const linkedPage = async (extra: Record<string, string>, args: string[] = []) => {
    const result = await runCli(['plan', '--patient', patientId, ...week, '--link', ...args], { ...env, ...extra });
    expect(result.code, result.stderr).toBe(0);
    return { page: decodeURIComponent(new URL(result.stdout.trim()).searchParams.get('url') ?? ''), stderr: result.stderr };
  };

  it('the flag over the locale, LC_ALL over LC_MESSAGES over LANG, and the server decides where nothing does', async () => {
    const flagged = await linkedPage({ LANG: 'de_DE.UTF-8' }, ['--lang', 'en']);
    expect(flagged.page).toMatch(/&lang=en$/);
    expect(flagged.stderr).not.toContain('Plan in');
    expect((await linkedPage({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'de_DE.UTF-8' })).page).toMatch(/&lang=de$/);
    expect((await linkedPage({ LC_ALL: 'en_GB.UTF-8', LC_MESSAGES: 'de_DE.UTF-8' })).page).toMatch(/&lang=en$/);
    const unchosen = await linkedPage({ LANG: 'fr_FR.UTF-8' });
    expect(unchosen.page).not.toContain('lang=');
    expect(unchosen.stderr).toContain("Plan in your account's language (English unless it is German)");
    const wrong = await runCli(['plan', '--patient', patientId, ...week, '--link', '--lang', 'fr'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/de, en/);
  }, 60_000);

  it('the profile setting plan-language, shown by config list; a value it cannot print is refused', async () => {
    const profileEnv = { MEDSCHED_CONFIG_DIR: tempConfigDir(), LANG: 'en_US.UTF-8' };
    expect((await runCli(['config', 'set', 'plan-language', 'de'], { ...env, ...profileEnv })).code).toBe(0);
    const linked = await linkedPage(profileEnv);
    expect(linked.page).toMatch(/&lang=de$/);
    expect(linked.stderr).toContain('Plan in German (profile plan-language; --lang en for English)');
    const list = await runCli(['config', 'list', '--json'], { ...env, ...profileEnv });
    expect(JSON.parse(list.stdout)).toContainEqual({ key: 'plan-language', value: 'de', source: 'profile' });
    const wrong = await runCli(['config', 'set', 'plan-language', 'fr'], { ...env, ...profileEnv });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('de or en');
  }, 60_000);
});

describe('reading the locale', () => {
  it('any LC_ALL, LC_MESSAGES, LANG and profile value gives de, en or the server, never a throw (fuzzed)', () => {
    const locale = fc.oneof(fc.constantFrom('de_DE.UTF-8', 'de', 'de-AT', 'en_GB.UTF-8', 'C', 'POSIX', 'C.UTF-8', 'deu', 'dex_DE', 'fr_FR@euro', ''), fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(fc.option(locale), fc.option(locale), fc.option(locale), fc.option(fc.string({ maxLength: 10 })), (all, messages, lang, profile) => {
        const env = { ...(all !== null && { LC_ALL: all }), ...(messages !== null && { LC_MESSAGES: messages }), ...(lang !== null && { LANG: lang }) };
        const choice = resolvePlanLanguage(undefined, profile ?? undefined, env);
        expect([undefined, 'de', 'en']).toContain(choice.language);
        if (profile === 'de' || profile === 'en') expect(choice).toEqual({ language: profile, source: 'profile' });
        if (choice.source === 'locale') expect(planLanguageOfLocale(choice.locale!)).toBe(choice.language);
      }),
      { numRuns: 2000 },
    );
    expect(['de_DE.UTF-8', 'de', 'de-AT', 'deu', 'en_GB.UTF-8', 'C.UTF-8', 'dex_DE'].map(planLanguageOfLocale)).toEqual(['de', 'de', 'de', undefined, 'en', undefined, undefined]);
  });
});
