import type { ConformanceReport } from '../result.js';

function escapeXml(text: string): string {
  // Control characters are not allowed in XML 1.0 at all; a server's answer may carry them.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * JUnit XML for a run that could not start (unreachable, dripping past the timeout, redirected,
 * credential refused): one failing test case that says why, so that CI shows a failure rather
 * than "no tests".
 * @example
 * catch (error) { if (error instanceof ConformanceError) await writeFile('conformance.xml', toJunitFailure(baseUrl, error)); }
 */
export function toJunitFailure(baseUrl: string, error: { code: string; message: string; hint?: string }): string {
  const message = escapeXml(`${error.message}${error.hint ? ` (${error.hint})` : ''}`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites name="medsched conformance" tests="1" failures="1" errors="0" skipped="0" time="0">',
    `  <testsuite name="${escapeXml(`conformance ${baseUrl}`)}" tests="1" failures="1" errors="0" skipped="0" time="0">`,
    `    <testcase classname="conformance" name="${escapeXml(`run: the deployment can be checked (${error.code})`)}" time="0">`,
    `      <failure message="${message}" type="${escapeXml(error.code)}">${message}</failure>`,
    '    </testcase>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** The report as JUnit XML (one testcase per rule, classname = rule group), for CI test reports. */
export function toJunit(report: ConformanceReport): string {
  const { counts } = report;
  const total = report.results.reduce((sum, result) => sum + result.durationMs, 0) / 1000;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="medsched conformance" tests="${report.results.length}" failures="${counts.fail}" errors="${counts.error}" skipped="${counts.skip}" time="${total}">`,
    `  <testsuite name="${escapeXml(`conformance ${report.baseUrl}${report.readOnly ? ' (read-only)' : ''}`)}" tests="${report.results.length}" failures="${counts.fail}" errors="${counts.error}" skipped="${counts.skip}" time="${total}">`,
  ];
  for (const result of report.results) {
    const open = `    <testcase classname="${escapeXml(result.id.split('.')[0] ?? result.id)}" name="${escapeXml(`${result.id}: ${result.title}`)}" time="${result.durationMs / 1000}"`;
    const requests = result.requests.length ? `\n      <system-out>${escapeXml(`${result.source.interface}\n${result.requests.join('\n')}`)}</system-out>` : '';
    const message = escapeXml(result.message ?? '');
    if (result.status === 'pass') lines.push(`${open}>${requests}</testcase>`);
    else if (result.status === 'skip') lines.push(`${open}>\n      <skipped message="${message}"/>\n    </testcase>`);
    else
      lines.push(`${open}>\n      <${result.status === 'fail' ? 'failure' : 'error'} message="${message}">${message}</${result.status === 'fail' ? 'failure' : 'error'}>${requests}\n    </testcase>`);
  }
  lines.push('  </testsuite>', '</testsuites>', '');
  return lines.join('\n');
}
