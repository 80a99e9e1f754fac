// The reference server's PDF writer is bundled into dist/ with its fonts (Noto Sans, as base64):
// their licence (SIL Open Font License 1.1) ships beside them, as the reference server's does.
import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve('@medsched/reference-server/package.json')), 'dist', 'NotoSans-OFL.txt');
copyFileSync(source, join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'NotoSans-OFL.txt'));
console.log('fonts: dist/NotoSans-OFL.txt written');
