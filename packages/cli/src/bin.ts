#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import module from 'node:module';
import v8 from 'node:v8';
import { version } from './version.js';
import { ExitCode } from './errors/exit-codes.js';
import { staticHelpFile, staticHelpStream } from './static-help.js';

// Node 22.1+ keeps compiled code between runs (a data command compiles about 1 MB of bundled
// JavaScript); Node 20 has no such cache and skips this. It must run before the rest loads,
// hence this small entry and a dynamic import.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// `--version` alone needs neither the command tree nor what it imports: answer it from here.
const args = process.argv.slice(2);
const helpStream = staticHelpStream(args);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) process.stdout.write(`${version}\n`);
else if (helpStream !== undefined && printStaticHelp(helpStream)) {
  // Without arguments, commander prints the help to stderr and it is a usage error (2).
  if (helpStream === process.stderr) process.exitCode = ExitCode.usage;
} else {
  // fetch parses HTTP with llhttp compiled to WebAssembly. V8 soon finds its parser hot and
  // recompiles it with its optimizing compiler on a background thread, and Node waits for that
  // compilation before the process may end: 0.3 to 1.3 s after the command has printed its answer
  // (measured with bench/cli-startup.mjs on a loaded machine; a bare `fetch` script pays it too).
  // A CLI run parses a few answers, so the baseline code is fast enough: a budget 100 times
  // Node 20's default (1,800,000; newer V8 has the same flag, at 13,000,000) keeps it there unless
  // a run parses a great deal. Only how fast the parser runs changes, never what it parses. Set
  // before anything loads fetch. Only on the V8 versions where the flag is known to exist (Node 20
  // to 24: V8 11 to 13): a V8 without it would print "unrecognized flag" into the command's output.
  if (Number(process.versions.v8.split('.')[0]) <= 13) v8.setFlagsFromString('--wasm-tiering-budget=180000000');
  await import('./main.js');
}

/**
 * Prints the top-level help that the build saved (commander's own output at 80 columns, see
 * static-help.ts) without loading commander. False when there is none (during the build that
 * makes it), so that commander prints it.
 */
function printStaticHelp(stream: NodeJS.WriteStream): boolean {
  let text: string;
  try {
    text = readFileSync(new URL(staticHelpFile, import.meta.url), 'utf8');
  } catch {
    return false;
  }
  stream.write(text);
  return true;
}
