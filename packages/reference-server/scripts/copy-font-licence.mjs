// Ships the licence of the fonts the PDF writer embeds (Noto Sans, SIL Open Font License 1.1)
// beside the bundles that hold them: dist/ carries the font files as base64 (tsup.config.ts).
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
mkdirSync(target, { recursive: true });
copyFileSync(require.resolve('@fontsource/noto-sans/LICENSE'), join(target, 'NotoSans-OFL.txt'));
console.log('fonts: dist/NotoSans-OFL.txt written');
