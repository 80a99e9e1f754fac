// The CommonJS declarations (dist/*.d.cts) name types of @msw/data, which publishes ES-module
// declarations only. A CommonJS project (ts-jest with module node16) then fails with TS1479
// ("the referenced file is an ECMAScript module"). A type-only import with
// `resolution-mode: import` (TypeScript 5.3+) is allowed there and erases to nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const esModuleOnly = ['@msw/data'];
const dist = new URL('../dist/', import.meta.url).pathname;
const importLine = /^import (\{[^}]*\}) from '([^']+)';$/gm;

for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.cts'))) {
  const path = join(dist, file);
  const source = readFileSync(path, 'utf8');
  const marked = source
    .replace(importLine, (line, names, from) =>
      esModuleOnly.includes(from) ? `import type ${names} from '${from}' with { 'resolution-mode': 'import' };` : line,
    )
    // Side-effect-only imports of such a package carry no types: drop them.
    .replace(new RegExp(`^import '(?:${esModuleOnly.join('|')})';\\n`, 'gm'), '');
  if (marked !== source) writeFileSync(path, marked);
}
