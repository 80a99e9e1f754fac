import { readFileSync } from 'node:fs';

const readme = new URL('../../README.md', import.meta.url);

/**
 * A fenced code block of the README, found by its first line (a comment naming the file, such as
 * `// .storybook/preview.tsx`): the runner tests write it into a project as it stands, so that the
 * README shows what was tested. Throws if no block starts so.
 */
export function readmeBlock(firstLine: string): string {
  for (const match of readFileSync(readme, 'utf8').matchAll(/^```\w*\n([\s\S]*?)^```$/gm)) {
    const body = match[1]!;
    if (body.startsWith(`${firstLine}\n`)) return body;
  }
  throw new Error(`README.md has no code block starting with ${JSON.stringify(firstLine)}`);
}
