/**
 * The OpenAPI document passes Redocly's recommended rules and Spectral's oas ruleset, with no
 * error, warning, info or hint; the one exception (trailing slashes the service's interface
 * demands) is switched off in redocly.yaml and .spectral.yaml, with the reason there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const document = join(packageDir, 'dist/openapi.json');
const require = createRequire(import.meta.url);
const binOf = (name: string, bin: string) => {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin: bins } = require(manifest) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bins === 'string' ? bins : bins[bin]!);
};

function run(bin: string, args: string[]): { code: number; output: string } {
  try {
    return { code: 0, output: execFileSync(process.execPath, [bin, ...args], { cwd: packageDir, encoding: 'utf8', stdio: 'pipe', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: `${failed.stdout}\n${failed.stderr}` };
  }
}

describe.skipIf(!existsSync(document))('OpenAPI lint', () => {
  it('Redocly (recommended): valid, no warnings', () => {
    const result = run(binOf('@redocly/cli', 'redocly'), ['lint', document, '--format=stylish', '--max-problems=50']);
    expect(result.output).not.toMatch(/\b(error|warning)\b/);
    expect(result.code).toBe(0);
  }, 60_000);

  it('Spectral (spectral:oas): nothing at any severity', () => {
    const result = run(binOf('@stoplight/spectral-cli', 'spectral'), ['lint', document, '--ruleset', join(packageDir, '.spectral.yaml'), '--fail-severity=hint']);
    expect(result.output).toContain('No results');
    expect(result.code).toBe(0);
  }, 60_000);
});
