import type { Command } from 'commander';

/** For each command path ('' for the top, 'device events', …): the words that may follow it. */
export type CompletionTree = Map<string, string[]>;

export function completionTree(program: Command): CompletionTree {
  const tree: CompletionTree = new Map();
  const globalFlags = program.options.map((option) => option.long).filter((flag): flag is string => flag !== undefined);
  const walk = (command: Command, path: string) => {
    const subcommands = command.commands.map((sub) => sub.name());
    const flags = command.options.map((option) => option.long).filter((flag): flag is string => flag !== undefined);
    tree.set(path, [...subcommands, ...flags, ...(path === '' ? [] : globalFlags), '--help']);
    for (const sub of command.commands) walk(sub, path === '' ? sub.name() : `${path} ${sub.name()}`);
  };
  walk(program, '');
  return tree;
}
