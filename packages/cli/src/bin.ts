#!/usr/bin/env node
import module from 'node:module';
import { version } from './version.js';

// Node 22.1+ keeps compiled code between runs (a data command compiles about 1 MB of bundled
// JavaScript); Node 20 has no such cache and skips this. It must run before the rest loads,
// hence this small entry and a dynamic import.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
// `--version` alone needs neither the command tree nor what it imports: answer it from here.
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) process.stdout.write(`${version}\n`);
else await import('./main.js');
