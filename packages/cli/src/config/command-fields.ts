import type { Column } from '../output/columns.js';
import { schemaFields, type RecordKind } from '../output/known-fields.js';
import { usageError } from '../errors/cli-error.js';

/** The columns and record a list command shows, loaded only when a setting is checked. */
interface FieldSource {
  columns: () => Promise<readonly Column<never>[]>;
  kind?: RecordKind;
}

/**
 * The commands whose table a profile may narrow by default (`config set fields.calendar.list
 * id,medication,rrule`), each with the fields it knows: its columns and its record's fields.
 */
const fieldSources = new Map<string, FieldSource>([
  ['calendar list', { columns: async () => (await import('../output/bake-rows.js')).entryColumns, kind: 'CalendarEntry' }],
  ['bake show', { columns: async () => (await import('../output/bake-rows.js')).bakedRowColumns }],
  ['medication list', { columns: async () => (await import('../output/list-columns.js')).knownColumns }],
  ['patients list', { columns: async () => (await import('../output/list-columns.js')).patientColumns }],
  ['user list', { columns: async () => (await import('../output/list-columns.js')).userColumns, kind: 'User' }],
]);

/** The settings keys of default fields: `fields.calendar.list`, … */
export const fieldSettingKeys: readonly string[] = [...fieldSources.keys()].map((path) => `fields.${path.replace(/ /g, '.')}`);

/** `fields.calendar.list` → `calendar list`, or undefined for another key. */
export function fieldSettingCommand(key: string): string | undefined {
  if (!key.startsWith('fields.')) return undefined;
  const path = key.slice('fields.'.length).replace(/\./g, ' ');
  if (!fieldSources.has(path)) throw usageError(`no default fields for "${path}"`, `default fields can be set for: ${fieldSettingKeys.join(', ')}`);
  return path;
}

/** The fields a command knows, in the order a person would pick them (columns first). */
async function knownFields(path: string): Promise<string[]> {
  const source = fieldSources.get(path);
  if (source === undefined) return [];
  const names = new Set((await source.columns()).map((column) => column.header));
  if (source.kind !== undefined) for (const name of await schemaFields(source.kind)) names.add(name);
  return [...names];
}

/**
 * A comma-separated list of fields for `path`, checked against what the command knows: a typo is
 * an error naming the valid fields (a default that fails only later, at every run, helps nobody).
 */
export async function checkedFieldList(path: string, value: string): Promise<string> {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw usageError(`fields.${path.replace(/ /g, '.')} needs at least one field`, 'e.g. id,date,medication');
  const known = await knownFields(path);
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw usageError(`unknown field ${unknown.map((name) => `"${name}"`).join(', ')} for \`${path}\``, `fields of ${path}: ${known.join(', ')}`);
  return names.join(',');
}
