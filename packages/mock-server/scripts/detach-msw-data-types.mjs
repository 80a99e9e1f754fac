// The declarations name one type of @msw/data: `Collection`, the type of a table's raw
// `collection` field (the bundled reference server's `Table`). @msw/data itself is bundled into
// our JavaScript, so installing it (and its 18 MB es-toolkit) only for that type is not worth it:
// the field is internal (tests use the table's methods), so its type becomes an opaque object.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const opaqueCollection = "/** The @msw/data collection behind a table: internal to the mock, use the table's methods. */\n" + 'interface Collection<S> { readonly __schema?: S }';

for (const file of readdirSync(dist).filter((name) => /\.d\.c?ts$/.test(name))) {
  const path = join(dist, file);
  const source = readFileSync(path, 'utf8');
  const detached = source
    .replace(/^import \{ Collection \} from '@msw\/data';$/m, opaqueCollection)
    // Side-effect-only imports of the package carry no types: drop them.
    .replace(/^import '@msw\/data';\n/gm, '');
  if (/from '@msw\/data'|import '@msw\/data'/.test(detached)) throw new Error(`${file} still imports @msw/data: extend scripts/detach-msw-data-types.mjs`);
  if (detached !== source) writeFileSync(path, detached);
}
