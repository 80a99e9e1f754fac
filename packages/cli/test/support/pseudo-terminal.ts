import { spawn, type ChildProcess } from 'node:child_process';
import { transcript, cliBin, cliEnv } from './run-cli.js';

const running = new Set<ChildProcess>();

/** Ends sessions a failed test left waiting at a prompt, so no process outlives the suite. */
export function endLeftoverTerminals(): void {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * Runs the built CLI under a pseudo-terminal (util-linux `script`), so that stdin and stdout
 * are TTYs as for a person at a terminal. `answer` feeds keystrokes once a prompt shows.
 * The exit code is the CLI's (`script -e`).
 */
export function runInTerminal(args: string[], env: Record<string, string | undefined>, options: { stdoutFile?: string; stderrFile?: string; size?: { columns: number; rows: number } } = {}) {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  // With stdoutFile, stdout goes to a file while stdin and stderr stay on the terminal: `medsched … > out.json`.
  const command =
    (options.size ? `stty cols ${options.size.columns} rows ${options.size.rows}; ` : '') +
    ['node', cliBin, ...args].map(quote).join(' ') +
    (options.stdoutFile ? ` > ${quote(options.stdoutFile)}` : '') +
    (options.stderrFile ? ` 2> ${quote(options.stderrFile)}` : '');
  // PAGER=cat: output taller than the pseudo-terminal must not wait in less for a key (a test passes its own to check paging).
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env: cliEnv({ TERM: 'xterm-256color', PAGER: 'cat', ...env }) });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      running.delete(child);
      transcript.push(output);
      resolve(code);
    }),
  );
  return {
    output: () => output,
    /** Waits for `prompt` on the screen, then types `keys` (use \r for Enter). */
    async answer(prompt: RegExp, keys: string): Promise<void> {
      const started = Date.now();
      while (!prompt.test(output)) {
        // A bound for a CLI that never prompts, generous for a process start on a loaded machine.
        if (Date.now() - started > 45_000) throw new Error(`no prompt ${prompt} on the screen:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      child.stdin.write(keys);
    },
    closed,
  };
}
