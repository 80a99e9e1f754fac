#!/usr/bin/env node
/**
 * Writes each schema field's description into the built declarations as a doc comment, so that
 * editors show it on hover (`entry.seriesId`, `device.alarmEnable`), as openai-node and stripe-node
 * do. The descriptions are written once, in the schemas' metadata (`withMeta(schema, { description })`,
 * kept in zod's global registry), which the OpenAPI document uses too; TypeScript's declaration
 * emit drops comments on inferred types, so this runs after tsup and reads the built schemas.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globalRegistry } from 'zod/mini';
import * as schemas from '../dist/schemas/index.js';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
// Every declaration file: with several entry points, the schemas' declarations sit in shared chunks.
const files = readdirSync(dist, { recursive: true }).filter((file) => /\.d\.c?ts$/.test(file));

/** The description of each field of each exported object schema: name → field → text. */
const descriptions = new Map();
for (const [name, value] of Object.entries(schemas)) {
  const shape = value?._zod?.def?.shape;
  if (!shape || typeof shape !== 'object') continue;
  const fields = new Map();
  for (const [field, schema] of Object.entries(shape)) {
    const description = globalRegistry.get(schema)?.description;
    if (description) fields.set(field, description);
  }
  if (fields.size > 0) descriptions.set(name, fields);
}

const comment = (text, indent) => `${indent}/** ${text.replace(/\*\//g, '*\\/')} */`;

let written = 0;
for (const file of files) {
  const path = resolve(dist, file);
  const lines = readFileSync(path, 'utf8').split('\n');
  const out = [];
  let fields; // the descriptions of the object schema being declared, while inside its shape
  for (const line of lines) {
    const start = /^declare const (\w+): \w+\.ZodMiniObject<\{$/.exec(line); // the namespace is `z` or `zod_mini`, as the declaration bundler names it
    if (start) fields = descriptions.get(start[1]);
    else if (fields && line.startsWith('}')) fields = undefined;
    const field = fields && /^ {4}(\w+)\??: /.exec(line);
    const previous = out[out.length - 1] ?? '';
    if (field && fields.has(field[1]) && !previous.trim().endsWith('*/')) {
      out.push(comment(fields.get(field[1]), '    '));
      written++;
    }
    out.push(line);
  }
  writeFileSync(path, out.join('\n'));
}
console.log(`declarations: ${written} field doc comments from schema descriptions`);
