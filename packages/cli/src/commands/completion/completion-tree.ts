import type { Command } from 'commander';

/** For each command path ('' for the top, 'device events', …): the words that may follow it. */
export type CompletionTree = Map<string, string[]>;

export function completionTree(program: Command): CompletionTree {
  const tree: CompletionTree = new Map();
  const globalFlags = program.options.map((option) => option.long).filter((flag): flag is string => flag !== undefined);
  // Hidden commands (`__complete`, the scripts' helper) are not offered.
  const visible = (command: Command) => command.commands.filter((sub) => !(sub as unknown as { _hidden?: boolean })._hidden);
  const walk = (command: Command, path: string) => {
    const subcommands = visible(command).map((sub) => sub.name());
    const flags = command.options.map((option) => option.long).filter((flag): flag is string => flag !== undefined);
    tree.set(path, [...subcommands, ...flags, ...(path === '' ? [] : globalFlags), '--help']);
    for (const sub of visible(command)) walk(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  walk(program, '');
  return tree;
}

/** Flags whose value can be completed: fixed choices, or names the CLI knows (`__complete KIND`). */
export type FlagValues = Map<string, string[] | { dynamic: 'medications' | 'patients' | 'profiles' }>;

export function flagValues(program: Command): FlagValues {
  const values: FlagValues = new Map([
    ['--medication', { dynamic: 'medications' }],
    ['--patient', { dynamic: 'patients' }],
    ['--profile', { dynamic: 'profiles' }],
  ]);
  const walk = (command: Command) => {
    for (const option of command.options) {
      const choices = (option as { argChoices?: string[] }).argChoices;
      if (option.long !== undefined && choices !== undefined) values.set(option.long, choices);
    }
    for (const sub of command.commands) walk(sub);
  };
  walk(program);
  return values;
}
