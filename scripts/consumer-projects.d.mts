/** A project outside the workspace for a consumer check: what `consumerProject` installs and copies in. */
export interface ConsumerProject {
  /** The project's package.json; `file:packs/<tarball>` for the packed packages. */
  manifest: Record<string, unknown>;
  /** Directory of the packed tarballs, from `packedWorkspacePackages`. */
  packs: string;
  /** Tarball names to copy into `packs/`. */
  tarballs: string[];
  /** Files to copy in (name in the project → absolute source path, files or directories); an `.npmrc` among them is in place for the install. */
  files?: Record<string, string>;
}
/** A project installed with plain npm once per test run for each package.json, in a copy (hard links) of the caller's own; returns its directory. */
export function consumerProject(project: ConsumerProject): string;
