// Copies the Swagger UI files the API reference page serves into dist/swagger-ui/, with their
// licences. swagger-ui-dist stays a devDependency: installed as a dependency it brings @scarf/scarf,
// whose install script reports every install to a third party, which we will not do to our users.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const source = dirname(require.resolve('swagger-ui-dist/package.json'));
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'swagger-ui');
const files = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-bundle.js.LICENSE.txt', 'favicon-32x32.png', 'LICENSE', 'NOTICE'];

mkdirSync(target, { recursive: true });
for (const file of files) copyFileSync(join(source, file), join(target, file));
console.log(`swagger-ui: ${files.length} files copied to dist/swagger-ui`);
