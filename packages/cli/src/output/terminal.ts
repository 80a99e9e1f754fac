import { cliProcess } from '../io/cli-process.js';

/** What the CLI knows about where its output goes. Read once per run. */
export interface Terminal {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** ANSI colours on stdout: only on a terminal, never with NO_COLOR, TERM=dumb or --no-color. */
  color: boolean;
  columns: number;
}

/**
 * Whether a stream shows ANSI colours: a terminal, and neither NO_COLOR (non-empty), TERM=dumb
 * nor `--no-color` (`requested: false`; read from the arguments where none were parsed yet).
 * The one rule for stdout and stderr, for tables, notes and errors alike.
 */
export function showsColor(stream: 'stdout' | 'stderr', requested: boolean = !cliProcess().argv.includes('--no-color')): boolean {
  const env = cliProcess().env;
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== '';
  return requested && cliProcess()[stream].isTTY === true && !noColor && env.TERM !== 'dumb';
}

export function detectTerminal(options: { color?: boolean } = {}): Terminal {
  const stdoutIsTTY = cliProcess().stdout.isTTY === true;
  return {
    stdoutIsTTY,
    stderrIsTTY: cliProcess().stderr.isTTY === true,
    stdinIsTTY: cliProcess().stdin.isTTY === true,
    color: showsColor('stdout', options.color !== false),
    columns: cliProcess().stdout.columns ?? 100,
  };
}
