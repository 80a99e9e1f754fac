/**
 * Font files imported as their bytes in base64 (tsup's `base64` loader; the vitest config does
 * the same), so that the PDF code needs no file system and runs in a browser too.
 */
declare module '*.woff' {
  const base64: string;
  export default base64;
}
