/** Options of {@link bundleDeclarations}. */
export interface DeclarationOptions {
  /** tsup's entry map: output name → source file under `src/`. */
  entry: Record<string, string>;
  /** `esm` writes `.d.ts`, `cjs` writes `.d.cts`. */
  formats: ('esm' | 'cjs')[];
  /** The project that holds the sources; `tsconfig.json` unless named. */
  tsconfig?: string;
  /** Packages whose types are bundled in: name → its declaration file. */
  inline?: Record<string, string>;
}

/** Writes the package's bundled declarations into `dist/`. Run from the package's directory. */
export function bundleDeclarations(options: DeclarationOptions): Promise<void>;
