/**
 * The OpenAPI document passes Redocly's recommended rules, and Spectral's oas ruleset with the
 * OWASP API Security Top 10 (2023) ruleset as a security reviewer runs them, with no error,
 * warning, info or hint. Every waiver is in redocly.yaml or .spectral.yaml, one line with its
 * reason; the only findings set aside here are PENDING_SCHEMA_BOUNDS.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/** One result of `spectral lint --format=json`. */
interface SpectralFinding {
  code: string;
  message: string;
  path: (string | number)[];
  severity: number;
}

/**
 * Findings of these OWASP rules on schemas made from the SDK's zod schemas are branch `bounds`'s
 * work (every limit in the zod schemas). Set to [] when branch `bounds` merges.
 */
const PENDING_SCHEMA_BOUNDS: string[] = ['owasp:api4:2023-string-limit', 'owasp:api4:2023-string-restricted', 'owasp:api4:2023-array-limit', 'owasp:api4:2023-integer-format', 'owasp:api4:2023-integer-limit'];

/** Whether a finding sits on a schema converted from zod: a component schema, a parameter's, or a body's. */
function madeFromZodSchemas(path: (string | number)[]): boolean {
  const [root, , , part] = path.map(String);
  if (root === 'components') return path[1] === 'schemas';
  return root === 'paths' && (part === 'parameters' || part === 'requestBody' || (part === 'responses' && path.includes('content')));
}

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

  it('Spectral (spectral:oas and OWASP 2023): nothing at any severity but the pending schema bounds', () => {
    const report = join(mkdtempSync(join(tmpdir(), 'spectral-')), 'report.json');
    const result = run(binOf('@stoplight/spectral-cli', 'spectral'), ['lint', document, '--ruleset', join(packageDir, '.spectral.yaml'), '--format=json', `--output=${report}`, '--quiet']);
    expect(existsSync(report), result.output).toBe(true);
    const findings = JSON.parse(readFileSync(report, 'utf8')) as SpectralFinding[];
    // The OWASP rules did run: the pending findings are theirs (this fails when the ruleset is not loaded).
    if (PENDING_SCHEMA_BOUNDS.length > 0) expect(findings.some((finding) => PENDING_SCHEMA_BOUNDS.includes(finding.code))).toBe(true);
    const open = findings.filter((finding) => !(PENDING_SCHEMA_BOUNDS.includes(finding.code) && madeFromZodSchemas(finding.path)));
    expect(open.map((finding) => `${finding.code} at ${finding.path.join('/')}: ${finding.message}`)).toEqual([]);
  }, 120_000);
});
