import { en } from 'zod/locales';
import type * as z from 'zod/mini';
import { config, globalRegistry } from 'zod/mini';

// English issue messages (`Unrecognized key: "nmae"`), which the SDK's ValidationError and the
// servers' problems quote: classic zod sets them on import, zod/mini leaves them out for size.
// Here, because every schema module imports this one; a locale the app chose stays.
if (config().localeError === undefined) config(en());

/**
 * Classic zod's `.meta()` for zod/mini schemas: a copy of `schema` carrying `metadata` (an `id`,
 * a `description`, an `example`) in zod's global registry, where `z.toJSONSchema`, the OpenAPI
 * generator and the declaration docs read it. Like classic `.meta()`, the copy keeps the
 * original as its parent, so a described `ObjectId` field stays a `$ref` to `ObjectId` in JSON
 * Schema. Unlike `.check(z.meta(...))` it adds no check that would run on every parse.
 */
export function withMeta<S extends z.ZodMiniType>(schema: S, metadata: z.core.GlobalMeta): S {
  const copy = schema.clone();
  globalRegistry.add(copy, metadata);
  return copy;
}
