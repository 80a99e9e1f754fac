import { Command, Help, Option } from 'commander';
import { version } from './version.js';
import { withExamples } from './output/help-examples.js';
import { commandIndex, type CommandEntry, type Register } from './commands/command-index.js';
import { commandWord } from './commands/command-word.js';
import { jsonFieldList, outputFormats } from './output/format.js';
import { csvDialects } from './output/csv-dialect.js';
import { commanderOutput } from './io/commander-output.js';
import { writeUsageError } from './errors/usage-error-output.js';

/** A command in a list: its summary, or its description's first line, as a lower-case phrase. */
function listedDescription(command: Command): string {
  const text = command.summary() || command.description().split('\n')[0] || '';
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}

/**
 * Registers what `args` needs: the one top-level command they name (its module loaded, nothing
 * else), or, when they name none or an unknown one, every command as a line of the index (for
 * the top-level help and commander's "did you mean"). Without `args`, and for `completion`
 * (its script lists every command and flag), the whole tree.
 */
async function registerCommands(program: Command, args: readonly string[] | undefined): Promise<void> {
  const word = args === undefined ? undefined : commandWord(program, args);
  const named = commandIndex.find((entry) => entry.name === word);
  if (args !== undefined && named === undefined) {
    const terms = new Map<Command, string>();
    for (const entry of commandIndex) if (entry.hidden !== true) terms.set(program.command(entry.name).description(entry.summary), entry.term);
    program.configureHelp({
      ...program.configureHelp(),
      subcommandTerm(this: Help, command: Command) {
        return terms.get(command) ?? Help.prototype.subcommandTerm.call(this, command);
      },
    });
    return;
  }
  const entries: readonly CommandEntry[] = named === undefined || named.name === 'completion' ? commandIndex : [named];
  // One module may define two commands (bake and unbake): register it once.
  const registers = new Set<Register>(await Promise.all(entries.map((entry) => entry.load())));
  for (const register of registers) register(program);
}

/**
 * The command tree for `args` (the words after `medsched`), or the whole tree without them.
 * Building it imports commander, our own small modules and the one command module the
 * arguments name: the SDK, conf and the prompts load inside actions, so `--help` and
 * `--version` stay fast.
 */
export async function buildProgram(args?: readonly string[]): Promise<Command> {
  const program = new Command('medsched')
    // Help and usage errors go to the invocation's streams (the process's, or an in-process run's);
    // a usage error of a run that asked for JSON is the JSON line of any failure.
    .configureOutput({ ...commanderOutput(), outputError: writeUsageError })
    .description('Bakes, device events and every operation of the medsched API, from the terminal.')
    .version(version, '-v, --version', 'print the version')
    .option('--profile <name>', 'profile to use (env MEDSCHED_PROFILE)')
    .option('--base-url <url>', 'API base URL ending in /v1 (env MEDSCHED_BASE_URL)')
    .option('--api-key <key>', 'API key (env MEDSCHED_API_KEY; prefer the environment, flags show up in `ps`)')
    .option('--token <jwt>', 'bearer token (env MEDSCHED_TOKEN)')
    .option('--tz <zone>', 'time zone for human dates, e.g. Europe/Berlin (default: profile, then system)')
    .addOption(new Option('-o, --output <format>', 'output format (default: table on a terminal, json when piped)').choices(outputFormats))
    .option('--json [fields]', 'same as --output json; with a list (--json id,date,amount) only those fields', jsonFieldList)
    .option('--jq <filter>', "filter JSON output with jq (real jq 1.7, loaded only then), e.g. --jq '.[] | .id'; implies --json")
    .option('--fields <list>', 'only these fields, comma-separated, in JSON, CSV and tables')
    .option('--bom', 'CSV: start with a UTF-8 byte order mark, for Excel (default when stdout is a .csv file)')
    .option('--no-bom', 'CSV: no byte order mark, even into a .csv file')
    .addOption(
      new Option(
        '--csv-dialect <name>',
        'CSV for your spreadsheet: comma (RFC 4180, 0.5) or semicolon (0,5, for German and other decimal-comma locales); default: profile csv-dialect, then LC_ALL/LC_NUMERIC/LANG',
      ).choices(csvDialects),
    )
    .option('--timeout <seconds>', 'total time to wait for the server (env MEDSCHED_TIMEOUT, config `timeout`; default 60)')
    .option('--no-color', 'no colours (also NO_COLOR=1)')
    .option('--no-pager', 'on a terminal, never page long output (pager: MEDSCHED_PAGER, PAGER, else less)')
    .option('--debug', 'log each request to stderr (with a UTC time stamp) and show stack traces')
    .option('-q, --quiet', 'no notes or success lines on stderr (warnings and errors stay), e.g. for cron')
    .showSuggestionAfterError(true)
    .configureHelp({ sortSubcommands: false, showGlobalOptions: true, subcommandDescription: listedDescription })
    // Commander exits on its own errors; we want our exit codes (usage errors are 2).
    .exitOverride();

  await registerCommands(program, args);

  withExamples(program, [
    'medsched login',
    'medsched patients list',
    'medsched bake --patient "Clara Claus" --from next-week',
    'medsched plan --patient "Clara Claus" --from next-week',
    'medsched device events 64d004000000000000000001 --follow',
    'medsched calendar list --patient patient1@sonnen.example --all --json id,date,amount',
  ]);
  program.addHelpText(
    'after',
    '\nExit codes: 0 ok, 1 other, 2 usage or invalid input, 3 auth, 4 permission, 5 not found, 6 conflict, 7 network or --timeout, 8 declined at a prompt (nothing written), 9 stopped after writing part (stderr lists what was written and what not), 10 `bake check` found something a device would dispense wrongly, 11 the credential belongs to another home than the profile, 12 rate-limited for longer than --timeout (stderr says when to retry), 13 `bake check` found notes only (e.g. no device), 14 an answer refused (a redirect, too large, not JSON, not a PDF; nothing saved), 130 Ctrl-C.\n',
  );
  return program;
}
