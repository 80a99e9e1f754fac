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

  /** One result of `spectral lint --format=json`, with the document it is about. */
  type SourcedFinding = SpectralFinding & { source: string };

  /**
   * Spectral's findings with our ruleset (JSON report: the CLI's text output is not stable) on the
   * document and on a flawed copy, in one run: loading the rulesets is most of Spectral's time.
   */
  let findings: { document: SpectralFinding[]; flawed: SpectralFinding[] } | undefined;
  function spectralFindings(): { document: SpectralFinding[]; flawed: SpectralFinding[] } {
    findings ??= (() => {
      // The copy with an unbounded string: without it, a ruleset that failed to load would pass with nothing found.
      const flawed = JSON.parse(readFileSync(document, 'utf8')) as { components: { schemas: Record<string, unknown> } };
      flawed.components.schemas.Unbounded = { type: 'object', properties: { note: { type: 'string' } } };
      const flawedFile = join(mkdtempSync(join(tmpdir(), 'spectral-flawed-')), 'openapi.json');
      writeFileSync(flawedFile, JSON.stringify(flawed));
      const report = join(testTempDir('spectral-'), 'report.json');
      const result = run(binOf('@stoplight/spectral-cli', 'spectral'), [
        'lint',
        document,
        flawedFile,
        '--ruleset',
        join(packageDir, '.spectral.yaml'),
        '--format=json',
        `--output=${report}`,
        '--quiet',
      ]);
      expect(existsSync(report), result.output).toBe(true);
      const all = JSON.parse(readFileSync(report, 'utf8')) as SourcedFinding[];
      // Each finding is about one of the two files: none is dropped by the split below.
      expect(all.filter((finding) => finding.source !== document && finding.source !== flawedFile)).toEqual([]);
      return { document: all.filter((finding) => finding.source === document), flawed: all.filter((finding) => finding.source === flawedFile) };
    })();
    return findings;
  }

  it('Spectral (spectral:oas and OWASP 2023): nothing at any severity', () => {
    const { document: found } = spectralFindings();
    expect(found.map((finding) => `${finding.code} at ${finding.path.join('/')}: ${finding.message}`)).toEqual([]);
  }, 120_000);

  it('the OWASP rules really run: an unbounded string in a copy of the document is found', () => {
    const codes = spectralFindings().flawed.map((finding) => finding.code);
    expect(codes).toContain('owasp:api4:2023-string-limit');
    expect(codes).toContain('owasp:api4:2023-string-restricted');
  }, 120_000);
});
