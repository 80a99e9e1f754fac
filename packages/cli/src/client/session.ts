import type { Command } from 'commander';
import type { MedschedClient, Organization } from '@medsched/sdk';
import type { GlobalOptions } from '../config/global-options.js';
import { resolveSettings, type Settings } from '../config/settings.js';
import { ProfileStore } from '../config/store.js';
import { CliError } from '../errors/cli-error.js';
import { ExitCode } from '../errors/exit-codes.js';
import { rememberCredential } from '../errors/credential-context.js';
import { readJwtClaims } from '../identity/jwt-claims.js';
import { chooseFields, chooseFormat } from '../output/format.js';
import { Printer } from '../output/printer.js';
import { commandPath } from '../config/command-path.js';
import { wantsBom } from '../output/bom.js';
import { isCsvDialectName, resolveCsvDialect } from '../output/csv-dialect.js';
import { createStyle, type Style } from '../output/style.js';
import { detectTerminal, showsColor, type Terminal } from '../output/terminal.js';
import { createApiClient, logStamp } from './create-api-client.js';
import { armDeadline } from './deadline.js';
import { RequestActivity } from './request-activity.js';
import { expireDeadline } from './deadline-report.js';
import type { Identity } from '../identity/identity.js';
import { guardsHome, verifyHome } from '../identity/home-guard.js';
import { cliProcess } from '../io/cli-process.js';
import { withInvocationSignal } from '../io/invocation-signal.js';

/** What a command's action works with: settings, the terminal, the printer, and the API. */
export interface Session {
  options: GlobalOptions;
  settings: Settings;
  store: ProfileStore;
  terminal: Terminal;
  printer: Printer;
  /** Styles for stderr (colour only when stderr is a terminal). */
  errStyle: Style;
  /** The requests on the wire, with a progress line for slow ones. */
  activity: RequestActivity;
  /** The SDK client; loading the SDK happens here, on first use. The --timeout clock starts with it. */
  client(): Promise<MedschedClient>;
  /** Patients' names by id, as --patient look-ups found them this run (for rows and echoes). */
  patientNames: Map<string, string>;
  /** Patients' time zones by id (the zone the server bakes their calendar dates in), as look-ups found them. */
  patientZones: Map<string, string>;
  /** The credential's organization and role from the API's answers (asked once per run). */
  identity(): Promise<Identity>;
  /**
   * An organization's record (name, zone in `meta.timezone`), read once per run and shared by
   * the home check, the zone and the labels; a failure is thrown, never a default.
   */
  organization(id: string): Promise<Organization>;
}

/** The CSV dialect of this run and where it came from: --csv-dialect, the profile's csv-dialect, the locale. */
export function csvDialectOf(options: GlobalOptions, settings: Settings): ReturnType<typeof resolveCsvDialect> {
  const fromProfile = settings.profile?.csvDialect;
  return resolveCsvDialect(
    options.csvDialect !== undefined && isCsvDialectName(options.csvDialect) ? options.csvDialect : undefined,
    fromProfile !== undefined && isCsvDialectName(fromProfile) ? fromProfile : undefined,
    cliProcess().env,
  );
}

/** `allowNewProfile`: for commands that create profiles (login, config set), a --profile that does not exist yet is fine. */
export async function openSession(command: Command, how: { allowNewProfile?: boolean } = {}): Promise<Session> {
  const options = command.optsWithGlobals<GlobalOptions>();
  const store = await ProfileStore.open();
  const settings = resolveSettings(options, cliProcess().env, store, how);
  const credential = settings.credential;
  rememberCredential(
    credential && {
      kind: credential.kind,
      source: credential.source,
      profileName: settings.profileName,
      expires: credential.kind === 'token' ? readJwtClaims(credential.secret).expires : undefined,
      baseUrl: settings.baseUrl,
    },
  );
  const terminal = detectTerminal({ color: options.color });
  const errStyle = createStyle(showsColor('stderr', options.color !== false));
  const format = chooseFormat({
    output: options.output,
    json: options.jq !== undefined && options.json === undefined ? true : options.json,
    profileDefault: settings.profile?.output,
    stdoutIsTTY: terminal.stdoutIsTTY,
  });
  // A profile's default fields for this command apply to its table only: JSON, CSV and pipes stay whole for scripts.
  const profileFields = format === 'table' ? settings.profile?.fields?.[commandPath(command)] : undefined;
  const fields = chooseFields(options) ?? (profileFields === undefined ? undefined : chooseFields({ fields: profileFields }));
  const printer = new Printer(format, createStyle(terminal.color), errStyle, fields, {
    bom: format === 'csv' && wantsBom(options.bom),
    ...(format === 'csv' && { csvDialect: csvDialectOf(options, settings).dialect }),
    ...(terminal.stdoutIsTTY && { width: terminal.columns, rows: cliProcess().stdout.rows }),
    // Notes wrap between words to stderr's terminal, never mid-word at the terminal's edge.
    ...(terminal.stderrIsTTY && { errWidth: cliProcess().stderr.columns }),
    ...(terminal.stdoutIsTTY && options.pager !== false && { pager: cliProcess().env.MEDSCHED_PAGER || cliProcess().env.PAGER || 'less' }),
    quiet: options.quiet === true,
    // In a log (cron, a file) a warning says when it happened; a person at a terminal knows.
    ...(!terminal.stderrIsTTY && { stamp: logStamp }),
  });
  await printer.load({ jq: options.jq });
  const activity = new RequestActivity({ tty: terminal.stderrIsTTY, style: errStyle, timeoutMs: settings.timeout.ms });
  let raw: Promise<MedschedClient> | undefined;
  let client: Promise<MedschedClient> | undefined;
  let identity: Promise<Identity> | undefined;
  const organizations = new Map<string, Promise<Organization>>();
  // The reads of the home check itself, before it passed; commands read through `session`, after it.
  const readIdentity = (): Promise<Identity> => {
    identity ??= (async () => {
      const { discoverIdentity } = await import('../identity/identity.js');
      return discoverIdentity(await rawClient(), settings.credential as NonNullable<Settings['credential']>);
    })();
    return identity;
  };
  const readOrganization = (id: string): Promise<Organization> => {
    let record = organizations.get(id);
    if (record === undefined) {
      record = rawClient().then((ready) => ready.organizations.get(id));
      // A failed read is not kept: a later caller asks again (and gets its own error).
      record.catch(() => organizations.delete(id));
      organizations.set(id, record);
    }
    return record;
  };
  // The client before the home check (which itself reads through it).
  const rawClient = (): Promise<MedschedClient> => {
    if (settings.credential === undefined) {
      throw new CliError(`not logged in (profile "${settings.profileName}")`, ExitCode.auth, 'run `medsched login`, or set MEDSCHED_API_KEY or MEDSCHED_TOKEN');
    }
    armDeadline(settings.timeout.ms, () => expireDeadline(settings.timeout, activity));
    raw ??= createApiClient(settings, {
      debug: options.debug === true,
      note: (text) => {
        activity.suspend();
        printer.note(text);
        activity.resume();
      },
      fetch: activity.wrap((input, init) => globalThis.fetch(input, withInvocationSignal(init))),
    });
    return raw;
  };
  const session: Session = {
    options,
    settings,
    store,
    terminal,
    printer,
    errStyle,
    activity,
    client: () => {
      client ??= rawClient().then(async (ready) => {
        // A credential from the environment or a flag is checked against the profile's home
        // before anything else is sent: a key of another home never runs in this profile.
        if (guardsHome(settings)) await verifyHome({ settings, identity: readIdentity, organization: readOrganization });
        return ready;
      });
      return client;
    },
    patientNames: new Map(),
    patientZones: new Map(),
    identity: async () => {
      await session.client();
      return readIdentity();
    },
    organization: async (id) => {
      await session.client();
      return readOrganization(id);
    },
  };
  return session;
}
