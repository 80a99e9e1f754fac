import type { Command } from 'commander';
import type { Device, DeviceEvent, DeviceEventsQuery, DeviceUpdate } from '@medsched/sdk';
import { decideAndSend, writeOptions, type WriteFlags } from '../../input/write-plan.js';
import { patientLabel } from '../../identity/patient-name.js';
import { checkFieldsFirst } from '../../output/known-fields.js';
import { disarmDeadline } from '../../client/deadline.js';
import { openSession, type Session } from '../../client/session.js';
import { resolveInstant } from '../../dates/date-range.js';
import { humanDateHelp } from '../../dates/human-date.js';
import { usageError } from '../../errors/cli-error.js';
import { dataOptionHelp, definedFields, readJsonBody } from '../../input/json-body.js';
import { positiveSeconds } from '../../input/number-option.js';
import { alarmEnable } from '../../input/entry-options.js';
import { patientOptionHelp, resolvePatient } from '../../identity/patient-lookup.js';
import { field, type Column } from '../../output/columns.js';
import { formatNdjson } from '../../output/json.js';
import { cellText } from '../../output/cell.js';
import { withExamples } from '../../output/help-examples.js';
import { adoptOrganizationZone } from '../../dates/home-zone.js';
import { timestampIn } from '../../dates/zoned-timestamp.js';
import { cliProcess } from '../../io/cli-process.js';

interface EventsOptions {
  since?: string;
  until?: string;
  type?: string;
  follow?: boolean;
  interval: number;
}

/** Event columns with the timestamp in the zone of this run (chosen, else the organization's), with its offset. */
function eventColumnsIn(zone: string): Column<DeviceEvent>[] {
  return [{ header: 'timestamp', value: (event) => timestampIn(event.timestamp, zone) }, field('type'), field('id'), field('payload')];
}

function eventsQuery(session: Session, options: EventsOptions): DeviceEventsQuery {
  const query: DeviceEventsQuery = {};
  const zone = session.settings.timezone;
  if (options.since !== undefined) {
    const since = resolveInstant(options.since, 'since', zone);
    session.printer.note(`Events ${since.echo} (${zone})`);
    query.DateStart = since.iso;
  }
  if (options.until !== undefined) {
    const until = resolveInstant(options.until, 'until', zone);
    session.printer.note(`Events ${until.echo} (${zone}, exclusive)`);
    query.DateEnd = until.iso;
  }
  if (options.type !== undefined) query.TypeFilter = options.type;
  return query;
}

/** One event per line as it arrives: a table header cannot be known ahead, so lines stand alone. */
function streamLine(session: Session, event: DeviceEvent): string {
  const { style } = session.printer;
  const payload = Object.keys(event.payload).length > 0 ? ` ${cellText(event.payload)}` : '';
  return `${style.dim(cellText(timestampIn(event.timestamp, session.settings.timezone)))}  ${style.cyan(cellText(event.type).padEnd(10))}  ${cellText(event.id)}${payload}\n`;
}

async function runEvents(deviceId: string, options: EventsOptions, command: Command): Promise<void> {
  const session = await openSession(command);
  // Events of a home's device read in the home's zone, never the machine's silently.
  await adoptOrganizationZone(session);
  const query = eventsQuery(session, options);
  const client = await session.client();
  if (!options.follow) {
    session.printer.list(await client.devices.events(deviceId, query), eventColumnsIn(session.settings.timezone));
    return;
  }
  if (options.until !== undefined) throw usageError('--follow cannot be used with --until', 'drop --until to keep following');
  // Following runs until Ctrl-C: no total deadline, each request keeps its own timeout.
  disarmDeadline();
  const { followDeviceEvents } = await import('./device-events-follow.js');
  const format = session.printer.format;
  if (format === 'csv') throw usageError('--follow streams table or JSON lines; csv is not supported', 'use --output ndjson');
  await followDeviceEvents(client, {
    deviceId,
    query,
    intervalMs: options.interval * 1000,
    includeExisting: options.since !== undefined,
    // A stream cannot be one JSON array: JSON output becomes one object per line.
    print: (events) => cliProcess().stdout.write(format === 'table' ? events.map((event) => streamLine(session, event)).join('') : formatNdjson(events)),
    note: (text) => session.printer.note(text),
    debug: session.options.debug === true ? (text) => cliProcess().stderr.write(`${text}\n`) : undefined,
  });
}

/** Device columns; with `patientNames`, the patient's name beside the id (the name where a person reads it). */
function deviceColumnsWith(patientNames: ReadonlyMap<string, string> = new Map()): Column<Device>[] {
  return [
    field('id'),
    field('name'),
    field('serialNumber', 'serial'),
    field('status'),
    { header: 'patient', value: (device) => (typeof device.patient === 'string' ? (patientNames.get(device.patient) ?? device.patient) : device.patient), whole: true },
    { header: 'patientId', value: (device) => device.patient, drop: 1 },
  ];
}
const deviceColumns = deviceColumnsWith();

async function patientValue(session: Session, value: string): Promise<string | null> {
  return value === 'none' ? null : resolvePatient(session, value);
}

async function runUpdate(deviceId: string, options: { patient?: string; alarmEnable?: number; kind?: string; data?: string } & WriteFlags, command: Command): Promise<void> {
  const session = await openSession(command);
  await checkFieldsFirst(session, 'Device', deviceColumns);
  const body: DeviceUpdate = {
    ...(await readJsonBody(options.data)),
    ...definedFields({
      patient: options.patient === undefined ? undefined : await patientValue(session, options.patient),
      alarmEnable: options.alarmEnable,
      kind: options.kind,
    }),
  };
  if (Object.keys(body).length === 0) {
    throw usageError('nothing to change', 'give at least one of --patient NAME|ID|none, --alarm-enable 0|1, --kind, --data');
  }
  const client = await session.client();
  const lines = await Promise.all(
    Object.entries(body).map(async ([field, value]) =>
      field === 'patient' && typeof value === 'string' ? `  patient: ${await patientLabel(session, value)}` : `  ${field}: ${JSON.stringify(value)}`,
    ),
  );
  const describe = `update device ${deviceId}`;
  const device = await decideAndSend(
    session,
    {
      summary: [`Update device ${deviceId}:`, ...lines],
      consequences:
        body.patient === null
          ? ['Unassigned, the device rings and dispenses nothing for its patient.']
          : body.patient !== undefined
            ? ['The device will ring and dispense what is baked for this patient.']
            : [],
      question: `Update device ${deviceId}?`,
      request: { method: 'PATCH', path: `/devices/${deviceId}`, body, describe },
      destructive: false,
      verb: 'update',
    },
    options,
    () => client.devices.update(deviceId, body),
  );
  if (device === undefined) return;
  const patient = typeof device.patient === 'string' ? ` for ${await patientLabel(session, device.patient)}` : '';
  session.printer.success(`Updated device ${cellText(device.name)} (${device.id}, ${device.status})${patient}`);
  if (session.printer.format === 'table') session.printer.list([device], deviceColumnsWith(session.patientNames));
  else session.printer.record(device);
}

export function registerDeviceCommands(program: Command): void {
  const device = program.command('device').description('Pill-dispensing devices: update them and read their events.');
  withExamples(device, ['medsched device events 64d004000000000000000001 --follow', 'medsched device update 64d004000000000000000005 --patient "Clara Claus" --alarm-enable 1']);

  const events = device
    .command('events')
    .description("List a device's events in time order; --follow keeps polling and prints new ones as they arrive (JSON output becomes one object per line).")
    .argument('<device-id>', 'the device')
    .option('--since <date>', `events at or after: ${humanDateHelp}, or -2h / -30m`)
    .option('--until <date>', 'events before (exclusive; a day means its end)')
    .option('--type <type>', 'only this event type, e.g. activate, state, update')
    .option('-f, --follow', 'keep polling and print new events until Ctrl-C')
    .option('--interval <seconds>', 'seconds between polls with --follow', positiveSeconds, 2)
    .action(runEvents);
  withExamples(events, [
    'medsched device events 64d004000000000000000001 --since -7d --type state',
    'medsched device events 64d004000000000000000001 --since today --until tomorrow --output csv',
    'medsched device events 64d004000000000000000001 --follow --interval 5',
  ]);

  const update: Command = device
    .command('update')
    .description('Update a device; assigning a patient activates it, --patient none unassigns it.')
    .argument('<device-id>', 'the device')
    .option('--patient <name|id>', `assign to this patient (${patientOptionHelp}), or none to unassign`)
    .option('--alarm-enable <0|1>', '1 to set alarms from bakes, 0 for none', alarmEnable)
    .option('--kind <kind>', 'kind of device')
    .option('--data <json>', dataOptionHelp);
  writeOptions(update).action(runUpdate);
  withExamples(update, ['medsched device update 64d004000000000000000005 --patient none', `medsched device update 64d004000000000000000005 --data '{"takeOffsetTime":15}'`]);
}
