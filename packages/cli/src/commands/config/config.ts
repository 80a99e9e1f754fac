import type { Command } from 'commander';
import { openSession } from '../../client/session.js';
import { defaultAppUrl, settableKeys, type Profile, type SettableKey } from '../../config/profile.js';
import { maskSecret } from '../../config/settings.js';
import { field } from '../../output/columns.js';
import { usageError } from '../../errors/cli-error.js';
import { outputFormats } from '../../output/format.js';
import { parseTimeoutSeconds } from '../../config/timeout.js';
import { csvDialects, isCsvDialectName } from '../../output/csv-dialect.js';
import { csvDialectOf } from '../../client/session.js';
import { withExamples } from '../../output/help-examples.js';
import { isPlanLanguage, planLanguageRow, planLanguages, resolvePlanLanguage } from '../../output/plan-language.js';
import { isTimeZone } from '../../dates/time-zone.js';
import { zoneSourceText } from '../../dates/zone-source.js';
import { cliProcess } from '../../io/cli-process.js';

const keyList = `${Object.keys(settableKeys).join(', ')}, fields.<command>`;

function profileKey(key: string): keyof Profile {
  if (!(key in settableKeys)) throw usageError(`unknown setting "${key}"`, `settings: ${keyList}; credentials are set with \`medsched login\``);
  return settableKeys[key as SettableKey];
}

/** Rejects values that would only fail later, far from where they were set. */
function checkValue(key: keyof Profile, value: string): string {
  const ok =
    key === 'baseUrl' || key === 'appUrl'
      ? /^https?:\/\/[^/]/.test(value)
      : key === 'organization'
        ? /^[0-9a-f]{24}$/.test(value)
        : key === 'output'
          ? (outputFormats as readonly string[]).includes(value)
          : key === 'timezone'
            ? isTimeZone(value)
            : key === 'timeout'
              ? parseTimeoutSeconds(value) !== undefined
              : key === 'csvDialect'
                ? isCsvDialectName(value)
                : key === 'planLanguage'
                  ? isPlanLanguage(value)
                  : true;
  const hint = key === 'csvDialect' ? `use ${csvDialects.join(' or ')}` : key === 'planLanguage' ? `use ${planLanguages.join(' or ')}` : undefined;
  if (!ok) throw usageError(`"${value}" is not a valid ${key}`, hint);
  return key === 'baseUrl' || key === 'appUrl' ? value.replace(/\/+$/, '') : value;
}

/** `csv-dialect semicolon locale de-DE`: the dialect and, when the locale chose it, which locale. */
function csvDialectRow(resolved: ReturnType<typeof csvDialectOf>): { key: string; value: string; source: string } {
  return { key: 'csv-dialect', value: resolved.dialect.name, source: resolved.source === 'locale' ? `locale ${resolved.locale ?? ''}` : resolved.source };
}

export function registerConfigCommands(program: Command): void {
  const config = program.command('config').description(`Settings of the active profile (${keyList}).`);
  withExamples(config, ['medsched config set organization 64d001000000000000000001', 'medsched config get base-url']);

  const get = config
    .command('get')
    .description('Print a setting of the profile.')
    .argument('<key>', keyList)
    .action(async (key: string, _options: unknown, command: Command) => {
      const session = await openSession(command);
      const { fieldSettingCommand } = await import('../../config/command-fields.js');
      const path = fieldSettingCommand(key);
      const value = path === undefined ? session.settings.profile?.[profileKey(key)] : session.settings.profile?.fields?.[path];
      if (value === undefined) session.printer.note(`${key} is not set in profile "${session.settings.profileName}"`);
      else cliProcess().stdout.write(`${typeof value === 'object' ? JSON.stringify(value) : String(value)}\n`);
    });
  withExamples(get, ['medsched config get timezone']);

  const set = config
    .command('set')
    .description('Change a setting of the profile (created if new).')
    .argument('<key>', keyList)
    .argument('<value>')
    .action(async (key: string, value: string, _options: unknown, command: Command) => {
      const session = await openSession(command, { allowNewProfile: true });
      const { store, settings } = session;
      const { fieldSettingCommand, checkedFieldList } = await import('../../config/command-fields.js');
      const path = fieldSettingCommand(key);
      if (path !== undefined) {
        // Checked now, against the command's fields: a typo is an error here, not at every run.
        const stored = store.get(settings.profileName) ?? {};
        await store.put(settings.profileName, { ...stored, fields: { ...stored.fields, [path]: await checkedFieldList(path, value) } });
        session.printer.success(`Set ${key} of profile "${settings.profileName}": \`medsched ${path}\` shows these fields on a terminal (--fields, --json or --output choose others)`);
        return;
      }
      const name = profileKey(key);
      await store.put(settings.profileName, { ...store.get(settings.profileName), [name]: checkValue(name, value) });
      session.printer.success(`Set ${key} of profile "${settings.profileName}"`);
    });
  withExamples(set, ['medsched config set timezone Europe/Berlin', 'medsched config set output json --profile ci', 'medsched config set fields.calendar.list date,time,medication,amount,unit,rrule']);

  const list = config
    .command('list')
    .description('Every setting in effect, its value and where it comes from (flag, environment, profile, default); credentials are shown by their last four characters.')
    .action(async (_options: unknown, command: Command) => {
      const session = await openSession(command, { allowNewProfile: true });
      const { settings } = session;
      const profile = settings.profile ?? {};
      const fromProfile = (value: string | undefined) => (value === undefined ? 'default' : 'profile');
      const rows = [
        { key: 'profile', value: settings.profileName, source: session.options.profile ? 'flag' : cliProcess().env.MEDSCHED_PROFILE ? 'environment' : 'active profile' },
        { key: 'base-url', value: settings.baseUrl, source: settings.baseUrlSource },
        {
          key: 'credential',
          value: settings.credential ? `${settings.credential.kind === 'apiKey' ? 'API key' : 'token'} ${maskSecret(settings.credential.secret)}` : '(none)',
          source: settings.credential?.source ?? '',
        },
        { key: 'organization', value: settings.organization ?? '', source: settings.organizationSource ?? '' },
        {
          key: 'timezone',
          value: settings.timezone,
          // Unchosen, this machine's zone is only a fallback: say which zone each command uses instead.
          source: zoneSourceText(settings.timezoneSource),
        },
        { key: 'output', value: profile.output ?? '', source: profile.output === undefined ? '' : 'profile' },
        { key: 'app-url', value: cliProcess().env.MEDSCHED_APP_URL || profile.appUrl || defaultAppUrl, source: cliProcess().env.MEDSCHED_APP_URL ? 'environment' : fromProfile(profile.appUrl) },
        { key: 'timeout', value: `${settings.timeout.ms / 1000}`, source: settings.timeout.source },
        csvDialectRow(csvDialectOf(session.options, settings)),
        planLanguageRow(resolvePlanLanguage(undefined, profile.planLanguage, cliProcess().env)),
        ...Object.entries(profile.fields ?? {}).map(([path, fields]) => ({ key: `fields.${path.replace(/ /g, '.')}`, value: fields, source: 'profile' })),
      ];
      session.printer.list(rows, [field('key'), field('value'), field('source')]);
    });
  withExamples(list, ['medsched config list', 'medsched config list --profile ci --json']);

  const path = config
    .command('path')
    .description('Print where the config file is.')
    .action(async (_options: unknown, command: Command) => {
      const session = await openSession(command, { allowNewProfile: true });
      cliProcess().stdout.write(`${session.store.path}\n`);
    });
  withExamples(path, ['medsched config path']);
}
