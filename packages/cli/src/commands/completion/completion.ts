import type { Command } from 'commander';
import { usageError } from '../../errors/cli-error.js';
import { withExamples } from '../../output/help-examples.js';
import { cliProcess } from '../../io/cli-process.js';

const shells = ['bash', 'zsh', 'fish'] as const;

export function registerCompletionCommand(program: Command): void {
  const completion = program
    .command('completion')
    .description('Print a shell completion script for bash, zsh or fish.')
    .argument('<shell>', shells.join(', '))
    .action(async (shell: string) => {
      if (!(shells as readonly string[]).includes(shell)) throw usageError(`no completion for "${shell}"`, `use one of ${shells.join(', ')}`);
      const { completionTree, flagValues } = await import('./completion-tree.js');
      const scripts = await import('./completion-scripts.js');
      const tree = completionTree(program);
      const values = flagValues(program);
      const script = shell === 'bash' ? scripts.bashScript(tree, values) : shell === 'zsh' ? scripts.zshScript(tree, values) : scripts.fishScript(tree, values);
      cliProcess().stdout.write(script);
    });
  withExamples(completion, ['source <(medsched completion bash)', 'medsched completion fish > ~/.config/fish/completions/medsched.fish']);

  // For the completion scripts: names the CLI knows from local files, one per line, without a request.
  const complete = program
    .command('__complete', { hidden: true })
    .argument('<kind>', 'medications, patients or profiles')
    .argument('[typed]', 'what is typed so far: names that start with it (a word of the name, accents and case aside: Ju finds Jürgen)')
    .action(async (kind: string, typed: string | undefined, _options: unknown, command: Command) => {
      const { nameStartsWith } = await import('../../input/name-match.js');
      // The shell offers these as they are (it does not filter again): `ju` completes to Jürgen.
      // The word as the shell holds it may still carry its quoting (`Clara\ Cl`, `"Clara Cl`).
      const prefix = (typed ?? '').replace(/^["']/, '').replace(/\\(.)/g, '$1');
      const offered = (word: string) => prefix.trim() === '' || nameStartsWith(word, prefix) || word.split(/\s+/).some((part) => nameStartsWith(part, prefix));
      const { openSession } = await import('../../client/session.js');
      const session = await openSession(command, { allowNewProfile: true });
      if (kind === 'profiles')
        cliProcess().stdout.write(
          session.store.names
            .filter(offered)
            .map((name) => `${name}\n`)
            .join(''),
        );
      else if (kind === 'medications') {
        const { MedicationCache } = await import('../../config/medication-cache.js');
        const organization = session.settings.organization;
        const cache = MedicationCache.open(session.settings.profileName);
        const names = (organization === undefined ? cache.all() : cache.of(organization)).map((record) => record.name);
        cliProcess().stdout.write(
          names
            .filter(offered)
            .map((name) => `${name}\n`)
            .join(''),
        );
      } else if (kind === 'patients') {
        // Names and e-mails of the patients this profile has listed or resolved (patients list, user list, --patient).
        const { PatientCache, completionWords } = await import('../../config/patient-cache.js');
        const words = completionWords(PatientCache.open(session.settings.profileName).of(session.settings.organization));
        cliProcess().stdout.write(
          words
            .filter(offered)
            .map((word) => `${word}\n`)
            .join(''),
        );
      } else throw usageError(`nothing to complete for "${kind}"`, 'medications, patients or profiles');
    });
  withExamples(complete, ['medsched __complete medications', 'medsched __complete patients']);
}
