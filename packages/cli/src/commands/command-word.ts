import type { Command } from 'commander';

/**
 * The top-level command a command line names (`bake` in `medsched --profile x bake show`), read
 * the way commander reads it: global options and their values skipped (`--json` takes the next
 * word as its value unless it starts with a dash, as commander does), `help bake` names `bake`.
 * Undefined when there is none (`medsched --help`).
 */
export function commandWord(program: Command, args: readonly string[]): string | undefined {
  const operands: string[] = [];
  for (let index = 0; index < args.length && operands.length < 2; index++) {
    const arg = args[index]!;
    if (arg === '--') {
      operands.push(...args.slice(index + 1, index + 3));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      operands.push(arg);
      // Only `help` looks at the word after it.
      if (operands[0] !== 'help') break;
      continue;
    }
    if (arg.includes('=')) continue;
    const option = program.options.find((candidate) => candidate.long === arg || candidate.short === arg);
    if (option === undefined) continue;
    const next = args[index + 1];
    if (option.required || (option.optional && next !== undefined && !next.startsWith('-'))) index++;
  }
  return operands[0] === 'help' ? operands[1] : operands[0];
}
