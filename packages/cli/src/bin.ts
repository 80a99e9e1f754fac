#!/usr/bin/env node
import module from 'node:module';
import v8 from 'node:v8';
import { answerWithoutCommands } from './quick-answers.js';

// Node 22.1+ keeps compiled code between runs (a data command compiles about 1 MB of bundled
// JavaScript); Node 20 has no such cache and skips this. It must run before the rest loads,
// hence this small entry and a dynamic import.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// `--version` and the top-level help need neither the command tree nor what it imports: answer them from here.
if (!answerWithoutCommands(process.argv.slice(2))) {
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
