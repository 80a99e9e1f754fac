/** Packs workspace packages as published into a new temporary directory as `<scope>-<name>.tgz`; returns the directory. */
export function packWorkspacePackages(names: string[]): string;
