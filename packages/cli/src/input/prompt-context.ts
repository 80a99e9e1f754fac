import { openSync } from 'node:fs';
import { WriteStream } from 'node:tty';
import { cliProcess } from '../io/cli-process.js';

/** Where prompts are drawn, and how to let go of it once the questions are answered. */
export interface PromptTerminal {
  context: { output: NodeJS.WritableStream; clearPromptOnDone: boolean };
  close(): void;
}

/**
 * Where prompts are drawn: stderr when it is the terminal, else the terminal itself
 * (/dev/tty), never stdout, so that `medsched unbake … > out.json 2> log` or `| jq` gets only
 * the result while the person still sees the question.
 */
export function openPromptTerminal(): PromptTerminal {
  if (!cliProcess().stderr.isTTY) {
    try {
      const tty = new WriteStream(openSync('/dev/tty', 'w'));
      return { context: { output: tty, clearPromptOnDone: false }, close: () => tty.destroy() };
    } catch {
      // No controlling terminal (a service, CI): stderr it is.
    }
  }
  return { context: { output: cliProcess().stderr, clearPromptOnDone: false }, close: () => {} };
}

/** Ctrl-C (or a closed terminal) at a prompt: inquirer's way of saying the person left. */
export function isPromptExit(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError');
}
