/**
 * The OpenAPI document passes Redocly's recommended rules, and Spectral's oas ruleset with the
 * OWASP API Security Top 10 (2023) ruleset as a security reviewer runs them, with no error,
 * warning, info or hint. Every waiver is in redocly.yaml or .spectral.yaml, one line with its
 * reason.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../../../scripts/test-temp-dir.mjs';

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

function run(bin: string, args: string[]): { code: number; output: string } {
  try {
    return {
      code: 0,
      output: execFileSync(process.execPath, [bin, ...args], {
        cwd: packageDir,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      }),
    };
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

  /** Spectral's findings on `file` with our ruleset (JSON report: the CLI's text output is not stable). */
  function spectral(file: string): SpectralFinding[] {
    const report = join(testTempDir('spectral-'), 'report.json');
    const result = run(binOf('@stoplight/spectral-cli', 'spectral'), ['lint', file, '--ruleset', join(packageDir, '.spectral.yaml'), '--format=json', `--output=${report}`, '--quiet']);
    expect(existsSync(report), result.output).toBe(true);
    return JSON.parse(readFileSync(report, 'utf8')) as SpectralFinding[];
  }

  it('Spectral (spectral:oas and OWASP 2023): nothing at any severity', () => {
    const findings = spectral(document);
    expect(findings.map((finding) => `${finding.code} at ${finding.path.join('/')}: ${finding.message}`)).toEqual([]);
  }, 120_000);

  it('the OWASP rules really run: an unbounded string in a copy of the document is found', () => {
    // Without this, a ruleset that failed to load would pass the test above with nothing found.
    const flawed = JSON.parse(readFileSync(document, 'utf8')) as { components: { schemas: Record<string, unknown> } };
    flawed.components.schemas.Unbounded = { type: 'object', properties: { note: { type: 'string' } } };
    const file = join(mkdtempSync(join(tmpdir(), 'spectral-flawed-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(flawed));
    const codes = spectral(file).map((finding) => finding.code);
    expect(codes).toContain('owasp:api4:2023-string-limit');
    expect(codes).toContain('owasp:api4:2023-string-restricted');
  }, 120_000);
});
