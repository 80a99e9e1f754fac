// Copies msw's service worker script into public/, as `npx msw init public/` does, from the
// installed msw (so the script always matches the msw version the page bundles).
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const source = require.resolve('msw/mockServiceWorker.js');
const target = fileURLToPath(new URL('../public/mockServiceWorker.js', import.meta.url));
copyFileSync(source, target);
console.log(`copied ${source} → ${target}`);
