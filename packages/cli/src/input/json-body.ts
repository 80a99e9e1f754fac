import { readFile } from 'node:fs/promises';
import { usageError } from '../errors/cli-error.js';
import { cliProcess } from '../io/cli-process.js';

export const dataOptionHelp = 'request body as JSON: inline, @file.json, or - for stdin';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of cliProcess().stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads `--data`: the escape hatch that reaches every field of a body, beside the flags for
 * the common ones. The object must be a JSON object; flags given too are merged over it.
 */
export async function readJsonBody(data: string | undefined): Promise<Record<string, unknown>> {
  if (data === undefined) return {};
  let text: string;
  if (data === '-') text = await readStdin();
  else if (data.startsWith('@')) {
    try {
      text = await readFile(data.slice(1), 'utf8');
    } catch (cause) {
      throw usageError(`cannot read ${data.slice(1)}: ${(cause as Error).message}`);
    }
  } else text = data;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw usageError(`--data is not valid JSON: ${(cause as Error).message}`, `e.g. --data '{"name":"Ibuprofen 400"}'`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw usageError('--data must be a JSON object');
  return parsed as Record<string, unknown>;
}

/** Drops flags that were not given, so they do not overwrite `--data` fields with undefined. */
export function definedFields<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
