import { UsageError } from '../usage-error.js';
import { callDevRoute, type AdminTarget } from './admin-client.js';

/** `medsched-server devices register|event`: devices are registered outside the public API. */
export async function runDevicesCommand(
  target: AdminTarget,
  action: string | undefined,
  flags: {
    organization?: string | undefined;
    name?: string | undefined;
    serial?: string | undefined;
    patient?: string | undefined;
    alarm?: boolean | undefined;
    device?: string | undefined;
    type?: string | undefined;
    payload?: string | undefined;
  },
): Promise<void> {
  let answer: unknown;
  if (action === 'register') {
    if (!flags.organization || !flags.name || !flags.serial) throw new UsageError('devices register needs --organization ID --name NAME --serial SERIAL [--patient ID] [--alarm]');
    answer = await callDevRoute(target, 'POST', '/dev/admin/devices', {
      organization: flags.organization,
      name: flags.name,
      serialNumber: flags.serial,
      patient: flags.patient,
      alarmEnable: flags.alarm ? 1 : 0,
    });
  } else if (action === 'event') {
    if (!flags.device || !flags.type) throw new UsageError('devices event needs --device ID --type TYPE [--payload JSON]');
    let payload: unknown;
    try {
      payload = flags.payload === undefined ? undefined : JSON.parse(flags.payload);
    } catch {
      throw new UsageError('--payload must be a JSON object');
    }
    answer = await callDevRoute(target, 'POST', `/dev/admin/devices/${flags.device}/events`, { type: flags.type, payload });
  } else {
    throw new UsageError('devices register --organization ID --name N --serial S [--patient ID] [--alarm] | devices event --device ID --type T [--payload JSON]');
  }
  console.log(JSON.stringify(answer, null, 2));
}
