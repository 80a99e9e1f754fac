import type { OutputConfiguration } from 'commander';
import { cliProcess, type OutputStream } from './cli-process.js';

/**
 * Commander's colour rule (its `useColor`), read from the invocation's environment instead of
 * `process.env`: NO_COLOR or FORCE_COLOR=0/false turn colours off, FORCE_COLOR or CLICOLOR_FORCE on.
 */
function colorsForced(env: NodeJS.ProcessEnv): boolean | undefined {
  if (env.NO_COLOR || env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false;
  if (env.FORCE_COLOR || env.CLICOLOR_FORCE !== undefined) return true;
  return undefined;
}

function hasColors(stream: OutputStream): boolean {
  return colorsForced(cliProcess().env) ?? (stream.isTTY === true && stream.hasColors?.() === true);
}

/** Commander's help width: the terminal's, or (undefined: not a terminal) its default of 80. */
function helpWidth(stream: OutputStream): number {
  return (stream.isTTY === true ? stream.columns : undefined) as number;
}

/**
 * Commander's output (help, usage errors) as commander's defaults write it, but to the streams of
 * the running invocation: the same for the bin, the run's own streams in-process. Subcommands made
 * with `.command()` inherit it.
 */
export function commanderOutput(): OutputConfiguration {
  return {
    writeOut: (text) => cliProcess().stdout.write(text),
    writeErr: (text) => cliProcess().stderr.write(text),
    getOutHelpWidth: () => helpWidth(cliProcess().stdout),
    getErrHelpWidth: () => helpWidth(cliProcess().stderr),
    getOutHasColors: () => hasColors(cliProcess().stdout),
    getErrHasColors: () => hasColors(cliProcess().stderr),
  };
}
