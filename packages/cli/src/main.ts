import { runCommandLine } from './command-line.js';

// The bin's command line: one run per process, on the real process (bin.ts loads this after its quick answers).
await runCommandLine();
