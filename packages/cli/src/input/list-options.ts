import type { Command } from 'commander';
import type { Page } from '@medsched/sdk';
import { wholeNumber } from './number-option.js';
import { definedFields } from './json-body.js';
import type { Session } from '../client/session.js';

/** The filter and paging flags of `calendar list` and `user list`. */
export interface ListOptions {
  search?: string;
  name?: string;
  role?: string;
  sort?: string;
  limit?: number;
  page?: number;
  all?: boolean;
}

export function listOptions(command: Command): Command {
  return command
    .option('--search <text>', 'case-insensitive substring of the main text fields')
    .option('--name <text>', 'case-insensitive substring of the name')
    .option('--role <role>', 'exact role')
    .option('--sort <fields>', 'e.g. date:desc,startTime')
    .option('--limit <n>', 'records per page (default 50)', wholeNumber)
    .option('--page <n>', '1-based page', wholeNumber)
    .option('--all', 'page through every matching record');
}

export function listQuery(options: ListOptions) {
  return definedFields({ search: options.search, name: options.name, role: options.role, sortBy: options.sort, limit: options.limit, page: options.page });
}

/** One page, or with --all every page; tells on stderr when more records exist than shown. */
export async function collect<T>(session: Session, first: Page<T>, all: boolean | undefined): Promise<T[]> {
  if (!all) {
    if (first.hasMore) session.printer.note(`Showing ${first.items.length} of ${first.total ?? 'more'}; add --all for every record.`);
    return first.items;
  }
  const records: T[] = [];
  for await (const record of first) records.push(record);
  return records;
}
