import type { Command } from 'commander';
import { openSession } from '../../client/session.js';
import { cleanText } from '../../output/clean-text.js';
import { withExamples } from '../../output/help-examples.js';
import { cliProcess } from '../../io/cli-process.js';

export function registerPdfCommands(program: Command): void {
  const pdf = program.command('pdf').description('Signed links to PDFs of pages on the app or web URL.');
  const sign = pdf
    .command('sign')
    .description('Get a signed, expiring link to a PDF of a page; fetching it needs no credential.')
    .argument('<url>', 'absolute URL on the configured app_url or web_url')
    .action(async (url: string, _options: unknown, command: Command) => {
      const session = await openSession(command);
      const link = await (await session.client()).pdf.sign(url);
      // On a terminal the link alone, so it can be clicked or copied; JSON for scripts.
      if (session.printer.format === 'table') cliProcess().stdout.write(`${cleanText(link.signed)}\n`);
      else session.printer.record(link);
    });
  withExamples(sign, [
    "medsched pdf sign 'https://app.medsched.test/patients/64d002000000000000000003/plan?from=2026-01-05&to=2026-01-11'",
    'curl -o plan.pdf "$(medsched pdf sign https://app.medsched.test/patients/64d002000000000000000003 --output table)"',
  ]);
}
