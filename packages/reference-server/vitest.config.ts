import { readFileSync } from 'node:fs';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [
    {
      // `.woff` imports as their bytes in base64, as tsup's `base64` loader builds them (tsup.config.ts).
      name: 'woff-as-base64',
      enforce: 'pre',
      load(id: string) {
        if (!id.endsWith('.woff')) return undefined;
        return `export default ${JSON.stringify(readFileSync(id).toString('base64'))};`;
      },
    },
  ],
  test: {
    name: 'reference-server',
    // Many tests start a server process or pack a tarball: seconds each on two shared cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    include: ['test/**/*.test.ts'],
  },
});
