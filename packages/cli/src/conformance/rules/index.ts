import type { ConformanceRule } from '../rule.js';
import { roundTrip, rangeValidation } from './bake.js';
import { bakedEntry } from './conflicts.js';
import { readShapes } from './contract.js';
import { identifiers, unauthenticated } from './errors.js';
import { createReplay } from './idempotency.js';
import { listBounds, pdfHosts } from './limits.js';
import { pages, sorting } from './pagination.js';
import { patientScope, patientWrites, staffDirectory } from './roles.js';
import { entryRead, entryWrite, organizationRead } from './tenancy.js';

/** Every rule, in the order they run and are reported: reads first, then the rules that write inside a scratch patient. */
export const conformanceRules: readonly ConformanceRule[] = [
  readShapes,
  unauthenticated,
  identifiers,
  organizationRead,
  entryRead,
  patientScope,
  staffDirectory,
  pages,
  sorting,
  listBounds,
  pdfHosts,
  rangeValidation,
  entryWrite,
  patientWrites,
  roundTrip,
  bakedEntry,
  createReplay,
];
