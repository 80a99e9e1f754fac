import type { StandardSchema } from '@medsched/sdk';
import { usageError } from '../errors/cli-error.js';

/**
 * Checks what the flags and `--data` make against the SDK's exact input schema before anything is
 * asked or sent: a misspelled key (`intaketime`) or a value outside a closed set (`--sort titel`)
 * is exit 2 naming the key, never a write. Extra keys the interface stores go under `"extra"`
 * in `--data`, as in the SDK.
 */
export function exactInput<T>(schema: StandardSchema<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = result.error.issues.map((raw) => {
    const issue = raw as { path?: readonly PropertyKey[]; message?: string; keys?: readonly string[] };
    const path = (issue.path ?? []).map(String).join('.');
    const message = issue.keys?.length ? `unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}` : (issue.message ?? 'invalid');
    return path ? `${path}: ${message}` : message;
  });
  throw usageError(`${what} is not valid: ${problems.join('; ')}`, 'known fields only (see --help); keys the service stores beside them go in --data \'{"extra":{"key":"value"}}\'');
}
