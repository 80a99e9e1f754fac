/**
 * The schema compiler outside Node (browsers, workers): none, the schemas run as they are. zod's
 * compiler would add about 10 KB gzipped to every bundle of the SDK (bench/sdk.mjs keeps the
 * bundle under 30 KB), and the `new Function` it needs is what a page's CSP often forbids.
 */
export function compileSchema<S>(schema: S): S {
  return schema;
}
