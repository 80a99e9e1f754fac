#!/usr/bin/env node
/**
 * Writes dist/openapi.json: the OpenAPI 3.1 description of the medsched API.
 *
 * Runs after tsup (see the "build" script) and reads the built contract, so that the
 * document is made from exactly the zod schemas and operation catalogue that we ship.
 * Nothing here restates a field: schemas come from zod 4's own `z.toJSONSchema`
 * (openapi/contract.mjs); the modules under openapi/ add only what the schemas cannot say
 * (statuses, headers, security, servers, error responses), one concern a file.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { usedComponents } from './openapi/components.mjs';
import { convertContract } from './openapi/contract.mjs';
import { headers } from './openapi/headers.mjs';
import { buildPaths, tagNames } from './openapi/operations.mjs';
import { parameters } from './openapi/parameters.mjs';
import { problemResponseComponents } from './openapi/problem-responses.mjs';
import { INPUT_SUFFIX } from './openapi/refs.mjs';
import { securitySchemes, servers } from './openapi/security.mjs';
import { description, tagDescriptions } from './openapi/texts.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outFile = resolve(packageDir, 'dist/openapi.json');

function buildDocument() {
  const contract = convertContract();
  const pkg = JSON.parse(readFileSync(resolve(packageDir, 'package.json'), 'utf8'));
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'medsched API',
      version: pkg.version,
      description,
      license: { name: pkg.license, identifier: pkg.license },
      contact: { name: 'medsched maintainers', url: pkg.bugs?.url ?? pkg.homepage },
    },
    servers,
    // Either credential suffices: two alternatives, not one requirement with both.
    security: [{ apiKey: [] }, { bearerAuth: [] }],
    tags: tagNames().map((name) => ({ name, description: tagDescriptions[name] })),
    paths: buildPaths(contract),
    components: {
      securitySchemes,
      parameters,
      headers,
      responses: problemResponseComponents(),
    },
  };
  document.components.schemas = usedComponents(document, contract);
  // The bake targets exclude each other (strict objects with disjoint required keys): exactly one matches.
  for (const name of ['BakeCreate', `BakeCreate${INPUT_SUFFIX}`]) {
    const schema = document.components.schemas[name];
    if (schema?.anyOf) {
      schema.oneOf = schema.anyOf;
      delete schema.anyOf;
    }
  }
  return document;
}

const document = buildDocument();
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(document, null, 2)}\n`);
console.log(`openapi: wrote ${Object.keys(document.paths).length} paths, ${Object.values(document.paths).flatMap(Object.keys).length} operations to ${outFile}`);
