import { operations, type OperationId } from '@medsched/sdk/schemas';
import { accountRoutes } from './accounts.js';
import { bakeRoutes } from './bake.js';
import { calendarRoutes } from './calendars.js';
import { deviceRoutes } from './devices.js';
import { medicationRoutes } from './medications.js';
import { organizationRoutes } from './organizations.js';
import { pdfRoutes } from './pdf.js';
import type { Route } from './route.js';
import { userRoutes } from './users.js';

/** The route table: every operation of the SDK catalogue, declared once. */
export const routeTable: readonly Route[] = [...accountRoutes, ...bakeRoutes, ...calendarRoutes, ...deviceRoutes, ...medicationRoutes, ...organizationRoutes, ...userRoutes, ...pdfRoutes];

// A missing or doubled operation is a bug of this package: fail at load, not at request time.
{
  const declared = routeTable.map((route) => route.operation.id).sort();
  const expected = (Object.keys(operations) as OperationId[]).sort();
  if (declared.join() !== expected.join()) {
    throw new Error(`route table out of step with the SDK catalogue: declared ${declared.join(', ')}; expected ${expected.join(', ')}`);
  }
}
