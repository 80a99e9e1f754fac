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
  const noColor = process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '';
  const stdoutIsTTY = process.stdout.isTTY === true;
  return {
    stdoutIsTTY,
    stderrIsTTY: process.stderr.isTTY === true,
    stdinIsTTY: process.stdin.isTTY === true,
    color: stdoutIsTTY && !noColor && options.color !== false && process.env.TERM !== 'dumb',
    columns: process.stdout.columns ?? 100,
  };
}
