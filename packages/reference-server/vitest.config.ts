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
    // Many tests start a server process or pack a tarball: seconds each on two shared cores, and
    // 10-20 s when another full run loads the same cores (a proxy test measured 20 s that way).
    // A bound for a hung test, not a performance budget: nothing is timed (timings live in bench/).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ['test/**/*.test.ts'],
    // Test files share a worker's loaded modules instead of loading them again per file: about a
    // quarter less CPU for this package (its imports were most of its time). Test files therefore
    // must not leave state behind in modules or globals (see test/support/persistence-bin.ts).
    isolate: false,
  },
});
