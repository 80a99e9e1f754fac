import { displayWidth } from './wrap-cell.js';

/** The words of a shell command, split at spaces outside quotes (`--patient "Clara Claus"` stays one word). */
function shellWords(command: string): string[] {
  return command.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? [command];
}

/**
 * A command a person copies, fitted to `width` columns without breaking a word: broken only
 * between words, each line but the last ending in ` \`, so that the lines pasted into a shell
 * are the same command. `first` is what stands before it on the first line (`    fix: `);
 * continuation lines are indented to line up under the command. A word longer than a line is
 * left whole (the terminal wraps it; a copy still runs). Without `width`, one line.
 */
export function commandLines(command: string, first: string, width: number | undefined): string[] {
  const whole = `${first}${command}`;
  if (width === undefined || displayWidth(whole) <= width) return [whole];
  const indent = ' '.repeat(displayWidth(first) + 2);
  const lines: string[] = [];
  let line = first;
  let fresh = true;
  for (const word of shellWords(command)) {
    const candidate = fresh ? `${line}${word}` : `${line} ${word}`;
    // Room for the ` \` that continues the line.
    if (fresh || displayWidth(candidate) + 2 <= width) {
      line = candidate;
      fresh = false;
      continue;
    }
    lines.push(`${line} \\`);
    line = `${indent}${word}`;
  }
  lines.push(line);
  return lines;
}
