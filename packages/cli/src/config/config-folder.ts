import { chmodSync, mkdirSync, statSync } from 'node:fs';

/** What `secureConfigFolder` found and did, for the one line the user is told. */
export type FolderSecurity = { kind: 'private' } | { kind: 'tightened'; before: number } | { kind: 'open'; mode: number; reason: string };

/**
 * Makes the folder that holds API keys and tokens private to its owner: created 0700 (conf would
 * create it 0755 under the usual umask), and an existing folder that others may read or enter
 * (e.g. 0755 from an older version) is tightened to 0700, because the names of the files in
 * it (one cache per profile) say which homes this user works for. Tightening, not only
 * warning: the file inside is 0600 already, and nothing else belongs in this folder. Where
 * the mode cannot be changed (another owner, Windows), the folder is left and the caller says so.
 */
export function secureConfigFolder(folder: string, platform: NodeJS.Platform = process.platform): FolderSecurity {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // Windows has no owner/group/other bits: its ACLs decide, and Node reports 0o666-ish modes.
  if (platform === 'win32') return { kind: 'private' };
  const mode = statSync(folder).mode & 0o777;
  if ((mode & 0o077) === 0) return { kind: 'private' };
  try {
    chmodSync(folder, 0o700);
    return { kind: 'tightened', before: mode };
  } catch (error) {
    return { kind: 'open', mode, reason: (error as Error).message };
  }
}

/** The line the user reads about a folder that was, or still is, open to others; undefined when it is private. */
export function folderSecurityNote(folder: string, security: FolderSecurity): string | undefined {
  const octal = (mode: number) => `0${mode.toString(8)}`;
  if (security.kind === 'tightened') return `The config folder ${folder} was open to other users (mode ${octal(security.before)}); made it 0700, as it holds credentials.`;
  if (security.kind === 'open')
    return `The config folder ${folder} is open to other users (mode ${octal(security.mode)}) and could not be made 0700 (${security.reason}): run \`chmod 700 '${folder}'\`.`;
  return undefined;
}
