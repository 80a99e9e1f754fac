/**
 * Where prompts are drawn: stderr, never stdout, so that `medsched unbake … > out.json` or
 * `| jq` gets only the result while the person still sees the question.
 */
export function promptContext(): { output: NodeJS.WritableStream; clearPromptOnDone: boolean } {
  return { output: process.stderr, clearPromptOnDone: false };
}

/** Ctrl-C (or a closed terminal) at a prompt: inquirer's way of saying the person left. */
export function isPromptExit(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ExitPromptError' || error.name === 'AbortPromptError');
}
