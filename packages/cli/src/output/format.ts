import { InvalidArgumentError } from 'commander';
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
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw usageError('--fields needs at least one field name', 'e.g. --json id,date,amount');
  return names;
}

/**
 * Commander parser of `--json [fields]`. The list is optional, so in `calendar get --json ID`
 * commander hands the id to `--json`: say so at once rather than "missing argument".
 */
export function jsonFieldList(value: string): string {
  if (/^[0-9a-f]{24}$/.test(value) || value.includes('@') || value.includes(' ')) {
    throw new InvalidArgumentError('a list of field names such as id,date,amount; put ids and names before --json (or use --output json)');
  }
  return value;
}
