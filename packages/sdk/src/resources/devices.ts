import { transportOf, type MedschedBaseClient } from '../base-client.js';
import { ApiPromise } from '../api-promise.js';
import type { z } from 'zod';
import type { Device, DeviceEvent, DeviceEventsQuery, DeviceUpdate } from '../schemas/devices.js';
import { devicesEvents, devicesUpdate } from '../schemas/operation-definitions.js';
import type { RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/**
 * Updates a device; assigning a patient activates it, `patient: null` unassigns it.
 * @example await updateDevice(client, deviceId, { patient, alarmEnable: 1 });
 */
export function updateDevice(client: MedschedBaseClient, deviceId: string, body: z.input<typeof DeviceUpdate>, options?: RequestOptions): ApiPromise<Device> {
  return new ApiPromise(transportOf(client).call(devicesUpdate, { params: { deviceId }, body }, options));
}

/**
 * Lists a device's events in chronological order; `DateStart` inclusive, `DateEnd` exclusive.
 * @example const events = await listDeviceEvents(client, deviceId, { TypeFilter: 'state', DateStart: '2026-11-01T00:00:00.000Z' });
 */
export function listDeviceEvents(client: MedschedBaseClient, deviceId: string, query: DeviceEventsQuery = {}, options?: RequestOptions): ApiPromise<DeviceEvent[]> {
  return new ApiPromise(transportOf(client).call(devicesEvents, { params: { deviceId }, query }, options));
}

/** Pill-dispensing devices and what they report. */
export class Devices extends Resource {
  /**
   * Updates a device; assigning a patient activates it, `patient: null` unassigns it.
   * @example await client.devices.update(deviceId, { patient, alarmEnable: 1 });
   */
  update(deviceId: string, body: z.input<typeof DeviceUpdate>, options?: RequestOptions): ApiPromise<Device> {
    return updateDevice(this.client, deviceId, body, options);
  }

  /**
   * Lists a device's events in chronological order; `DateStart` inclusive, `DateEnd` exclusive.
   * @example const events = await client.devices.events(deviceId, { TypeFilter: 'state', DateStart: '2026-11-01T00:00:00.000Z' });
   */
  events(deviceId: string, query: DeviceEventsQuery = {}, options?: RequestOptions): ApiPromise<DeviceEvent[]> {
    return listDeviceEvents(this.client, deviceId, query, options);
  }
}
