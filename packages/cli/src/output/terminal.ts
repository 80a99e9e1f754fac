import { cliProcess } from '../io/cli-process.js';

/** What the CLI knows about where its output goes. Read once per run. */
export interface Terminal {
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** ANSI colours on stderr/stdout: only on a terminal, never with NO_COLOR or --no-color. */
  color: boolean;
  columns: number;
}

export function detectTerminal(options: { color?: boolean } = {}): Terminal {
  const noColor = cliProcess().env.NO_COLOR !== undefined && cliProcess().env.NO_COLOR !== '';
  const stdoutIsTTY = cliProcess().stdout.isTTY === true;
  return {
    stdoutIsTTY,
    stderrIsTTY: cliProcess().stderr.isTTY === true,
    stdinIsTTY: cliProcess().stdin.isTTY === true,
    color: stdoutIsTTY && !noColor && options.color !== false && cliProcess().env.TERM !== 'dumb',
    columns: cliProcess().stdout.columns ?? 100,
  };
}
