import { usageError } from '../errors/cli-error.js';

export const outputFormats = ['table', 'json', 'csv', 'ndjson'] as const;
export type OutputFormat = (typeof outputFormats)[number];

/**
 * `--output` wins, then `--json`, then the profile's default; otherwise a table on a terminal
 * and JSON when piped, so that scripts get something parseable without asking.
 */
export function chooseFormat(options: { output?: string | undefined; json?: boolean | undefined; profileDefault?: string | undefined; stdoutIsTTY: boolean }): OutputFormat {
  const asked = options.output ?? (options.json ? 'json' : undefined) ?? options.profileDefault;
  if (asked === undefined) return options.stdoutIsTTY ? 'table' : 'json';
  if (!(outputFormats as readonly string[]).includes(asked)) {
    throw usageError(`unknown output format "${asked}"`, `use one of ${outputFormats.join(', ')}`);
  }
  return asked as OutputFormat;
}
