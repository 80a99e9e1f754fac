import type { checkInput } from '@medsched/sdk';
import { usageError } from '../errors/cli-error.js';

const bodyHint = 'known fields only (see --help); keys the service stores beside them go in --data \'{"extra":{"key":"value"}}\'';

/** The hint for list options: the values each flag takes are in the command's help. */
export const listHint = 'see --help for the values --sort and --role take';

type Sdk = typeof import('@medsched/sdk');
type Schema = Parameters<typeof checkInput>[0];

/**
 * Checks what the flags and `--data` make against the SDK's exact input schema before anything is
 * asked or sent: a misspelled key (`intaketime`, with the SDK's "did you mean") or a value outside
 * a closed set (`--sort titel`) is exit 2 naming the key, never a write. Extra keys the interface
 * stores go under `"extra"` in `--data`, as in the SDK. The schema is picked from the SDK loaded
 * here, on first use: the command tree (`--help`) does not load the SDK.
 */
export async function exactInput<S extends Schema>(pick: (sdk: Sdk) => S, value: unknown, what: string, hint = bodyHint): Promise<ReturnType<typeof checkInput<S>>> {
  const sdk = await import('@medsched/sdk');
  try {
    return sdk.checkInput(pick(sdk), value, what);
  } catch (error) {
    if (!(error instanceof sdk.ValidationError)) throw error;
    throw usageError(error.message, hint);
  }
}
