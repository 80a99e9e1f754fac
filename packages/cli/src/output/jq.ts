import { usageError } from '../errors/cli-error.js';
import { cleanText } from './clean-text.js';

/** jq-web's module: jq 1.7 compiled to WebAssembly (the real jq, not a re-implementation). */
interface Jq {
  raw(json: string, filter: string, flags?: string[]): string;
}

/**
 * Loads jq (about 2.8 MB of WebAssembly, only when `--jq` is given) and checks the filter
 * before any request: a syntax error is exit 2 while nothing has been sent or written.
 */
export async function loadJq(filter: string): Promise<(value: unknown) => string> {
  const loaded = (await (await import('jq-web')).default) as unknown as Jq;
  // jq's own exit status leaks into process.exitCode through Emscripten: our exit codes are ours.
  const jq: Jq = {
    raw: (json, source, flags) => {
      const before = process.exitCode;
      try {
        return loaded.raw(json, source, flags);
      } finally {
        process.exitCode = before;
      }
    },
  };
  try {
    jq.raw('null', filter, ['-r']);
  } catch (error) {
    const message = String((error as Error).message ?? error);
    // Only a filter that does not compile is refused now; errors of running it on null are not.
    if (/compile error|syntax error/.test(message)) throw usageError(`--jq: ${cleanJqMessage(message)}`, "the filter is jq syntax, e.g. --jq '.[] | .id'");
  }
  return (value) => {
    try {
      // jq prints strings raw (-r): what it prints is cleaned like any server text.
      const out = cleanText(jq.raw(JSON.stringify(value), filter, ['-r']));
      return out.endsWith('\n') || out === '' ? out : `${out}\n`;
    } catch (error) {
      throw usageError(`--jq: ${cleanJqMessage(String((error as Error).message ?? error))}`);
    }
  };
}

function cleanJqMessage(message: string): string {
  const lines = message.split('\n').filter((line) => line.startsWith('jq: '));
  return (lines.join('; ') || message).replace(/^jq: (error: )?/, '');
}
