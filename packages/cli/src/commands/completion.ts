import type { Command } from 'commander';
import { usageError } from '../errors/cli-error.js';
import { withExamples } from './help-examples.js';

const shells = ['bash', 'zsh', 'fish'] as const;

export function registerCompletionCommand(program: Command): void {
  const completion = program
    .command('completion')
    .description('Print a shell completion script for bash, zsh or fish.')
    .argument('<shell>', shells.join(', '))
    .action(async (shell: string) => {
      if (!(shells as readonly string[]).includes(shell)) throw usageError(`no completion for "${shell}"`, `use one of ${shells.join(', ')}`);
      const { completionTree } = await import('./completion-tree.js');
      const scripts = await import('./completion-scripts.js');
      const tree = completionTree(program);
      const script = shell === 'bash' ? scripts.bashScript(tree) : shell === 'zsh' ? scripts.zshScript(tree) : scripts.fishScript(tree);
      process.stdout.write(script);
    });
  withExamples(completion, ['source <(medsched completion bash)', 'medsched completion fish > ~/.config/fish/completions/medsched.fish']);
}
