import type { Session } from '../client/session.js';
import type { Column } from './columns.js';

/** Records of the contract a command may print, by their schema's name in the SDK. */
export type RecordKind = 'CalendarEntry' | 'Medication' | 'Device' | 'User' | 'Organization' | 'Account' | 'BakeResult' | 'UnbakeEntry';

/** The field names of a record of the contract, from the SDK's schema (the single source of truth). */
export async function schemaFields(kind: RecordKind): Promise<string[]> {
  const sdk = (await import('@medsched/sdk')) as unknown as Record<string, { shape?: Record<string, unknown> } | undefined>;
  return Object.keys(sdk[kind === 'UnbakeEntry' ? 'CalendarEntry' : kind]?.shape ?? {});
}

/**
 * Checks `--fields` / `--json FIELDS` before the first request: a name that is neither a column
 * nor a field of the record is exit 2 while nothing has been sent (a script that retries after
 * that exit 2 must not write twice).
 */
export async function checkFieldsFirst(session: Session, kind: RecordKind | undefined, columns: readonly Column<never>[] = []): Promise<void> {
  if (session.printer.fields === undefined) return;
  const known = new Set<string>(columns.map((column) => column.header));
  if (kind !== undefined) for (const name of await schemaFields(kind)) known.add(name);
  session.printer.checkFields(known);
}
