import { operations } from '@medsched/sdk/schemas';
import { listDeviceEvents, updateDevice } from '../domain/directory/devices.js';
import { allRoles, staffRoles } from '../domain/access/tenancy.js';
import { defineRoute } from './route.js';

export const deviceRoutes = [
  defineRoute({ operation: operations['devices.update'], roles: staffRoles, operate: (ctx, { params, body }) => updateDevice(ctx, params.deviceId, body) }),
  defineRoute({ operation: operations['devices.events'], roles: allRoles, operate: (ctx, { params, query }) => listDeviceEvents(ctx, params.deviceId, query) }),
];
