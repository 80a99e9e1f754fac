import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/program.js';

function allCommands(command: Command, path: string[] = []): [string, Command][] {
  return command.commands.flatMap((sub) => [[[...path, sub.name()].join(' '), sub] as [string, Command], ...allCommands(sub, [...path, sub.name()])]);
}

function helpOf(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (chunk) => (text += chunk) });
  command.outputHelp();
  return text;
}

describe('the command tree', () => {
  const program = buildProgram();

  it('reaches every operation of the API', () => {
    const paths = allCommands(program).map(([path]) => path);
    for (const expected of [
      'login', 'logout', 'whoami', 'profiles list', 'profiles use', 'config get', 'config set',
      'bake', 'bake show', 'unbake', 'device events', 'device update',
      'calendar list', 'calendar get', 'calendar create', 'calendar update', 'calendar replace',
      'medication create', 'medication get', 'medication update', 'medication replace', 'medication delete',
      'user list', 'user create', 'org get', 'org update', 'account update', 'pdf sign', 'completion',
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
});
