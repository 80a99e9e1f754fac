import type { Command } from 'commander';

/** Adds an "Examples" block under a command's --help, as `gh` does. */
export function withExamples(command: Command, examples: string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
}
