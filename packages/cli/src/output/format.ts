import { usageError } from '../errors/cli-error.js';

export const outputFormats = ['table', 'json', 'csv', 'ndjson'] as const;
export type OutputFormat = (typeof outputFormats)[number];

/**
 * `--output` wins, then `--json`, then the profile's default; otherwise a table on a terminal
 * and JSON when piped, so that scripts get something parseable without asking.
 */
export function chooseFormat(options: { output?: string | undefined; json?: boolean | string | undefined; profileDefault?: string | undefined; stdoutIsTTY: boolean }): OutputFormat {
  const asked = options.output ?? (options.json !== undefined && options.json !== false ? 'json' : undefined) ?? options.profileDefault;
  if (asked === undefined) return options.stdoutIsTTY ? 'table' : 'json';
  if (!(outputFormats as readonly string[]).includes(asked)) {
    throw usageError(`unknown output format "${asked}"`, `use one of ${outputFormats.join(', ')}`);
  }
  return asked as OutputFormat;
}

/** The fields of `--json a,b` or `--fields a,b`, or undefined for all of them. */
export function chooseFields(options: { json?: boolean | string | undefined; fields?: string | undefined }): string[] | undefined {
  const list = typeof options.json === 'string' ? options.json : options.fields;
  if (list === undefined) return undefined;
  const names = list.split(',').map((name) => name.trim()).filter((name) => name !== '');
  if (names.length === 0) throw usageError('--fields needs at least one field name', 'e.g. --json id,date,amount');
  return names;
}
