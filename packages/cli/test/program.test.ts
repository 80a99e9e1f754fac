import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer } from '@medsched/reference-server';
import { buildProgram } from '../src/program.js';
import { staticHelpFile, staticHelpWidth } from '../src/static-help.js';
import { runCli, tempConfigDir } from './support/run-cli.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function allCommands(command: Command, path: string[] = []): [string, Command][] {
  return command.commands.flatMap((sub) => [[[...path, sub.name()].join(' '), sub] as [string, Command], ...allCommands(sub, [...path, sub.name()])]);
}

function helpOf(command: Command): string {
  let text = '';
  // As commander prints it into a pipe: 80 columns, no colours.
  command.configureOutput({ writeOut: (chunk) => (text += chunk), getOutHelpWidth: () => staticHelpWidth, getOutHasColors: () => false });
  command.outputHelp();
  return text;
}

describe('the command tree', () => {
  let program: Command;
  beforeAll(async () => {
    program = await buildProgram();
  });

  it('lists each command in the top-level help as its loaded definition does (the command index matches the modules)', async () => {
    // `medsched --help` builds the list from the index without loading any command module.
    expect(helpOf(await buildProgram(['--help']))).toBe(helpOf(program));
    expect(helpOf(await buildProgram(['--profile', 'x', '--json', 'no-such-command']))).toBe(helpOf(program));
  });

  it('prints the top-level help the build saved exactly as commander prints it (medsched, --help, -h)', async () => {
    const expected = helpOf(program);
    expect(readFileSync(join(packageDir, 'dist', staticHelpFile), 'utf8')).toBe(expected);
    const env = { XDG_CONFIG_HOME: tempConfigDir() };
    expect(await runCli(['--help'], env)).toEqual({ code: 0, stdout: expected, stderr: '' });
    expect(await runCli(['-h'], env)).toEqual({ code: 0, stdout: expected, stderr: '' });
    // Without a command: the same help on stderr, a usage error.
    expect(await runCli([], env)).toEqual({ code: 2, stdout: '', stderr: expected });
  });

  it('loads only the command the arguments name, read past global options and their values', async () => {
    const names = async (args: string[]) => (await buildProgram(args)).commands.map((command) => command.name());
    expect(await names(['--profile', 'bake', 'calendar', 'list'])).toEqual(['calendar']);
    expect(await names(['--json', 'id,date', 'medication', 'list'])).toEqual(['medication']);
    expect(await names(['--json', '--tz=UTC', 'unbake', '--all-patients'])).toEqual(['bake', 'unbake']);
    expect(await names(['help', 'device'])).toEqual(['device']);
    expect((await names(['completion', 'bash'])).length).toBe(program.commands.length);
  });

  it('reaches every operation of the API', () => {
    const paths = allCommands(program).map(([path]) => path);
    for (const expected of [
      'login',
      'logout',
      'whoami',
      'profiles list',
      'profiles use',
      'config get',
      'config set',
      'bake',
      'bake show',
      'unbake',
      'device events',
      'device update',
      'calendar list',
      'calendar get',
      'calendar create',
      'calendar update',
      'calendar replace',
      'medication create',
      'medication get',
      'medication update',
      'medication replace',
      'medication delete',
      'user list',
      'user create',
      'org get',
      'org update',
      'account update',
      'pdf sign',
      'completion',
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it('gives every runnable command a help text with an example', () => {
    for (const [path, command] of allCommands(program)) {
      if (command.commands.length > 0 && path !== 'bake') continue;
      expect(helpOf(command), `medsched ${path} --help`).toMatch(/Examples:\n {2}\$ medsched|Examples:\n {2}\$ /);
    }
  });

  it('uses only ids, e-mails and patient names that exist in the demo data (help, README, scripting example), and adds patients list and plan', async () => {
    const { db } = await createReferenceServer({ seed: 'demo' });
    const tables = [db.organizations, db.users, db.medications, db.devices, db.calendarEntries] as { get(id: string): unknown }[];
    // The README and the scripting example too: what a person copies must work on the demo data.
    const docs = ['README.md', '../../examples/cli-scripting/README.md'].map((file) => readFileSync(join(packageDir, file), 'utf8')).join('\n');
    const help =
      allCommands(program)
        .map(([, command]) => helpOf(command))
        .join('\n') +
      helpOf(program) +
      docs;
    const ids = new Set(help.match(/\b[0-9a-f]{24}\b/g));
    expect(ids.size).toBeGreaterThan(5);
    for (const id of ids)
      expect(
        tables.some((table) => table.get(id) !== undefined),
        `${id} in --help is not in the demo data`,
      ).toBe(true);
    const users = [...(db.users as unknown as { all(): { name: string; email: string | null }[] }).all()];
    for (const email of new Set(help.match(/[\w.+-]+@[\w.-]+\.example/g)))
      expect(
        users.some((user) => user.email === email),
        email,
      ).toBe(true);
    for (const [, name] of help.matchAll(/--patient "([^"]+)"/g))
      expect(
        users.some((user) => user.name === name),
        name,
      ).toBe(true);
    const paths = allCommands(program).map(([path]) => path);
    expect(paths).toEqual(expect.arrayContaining(['patients list', 'plan']));
  });
});
