import type { ConformanceRule } from '../rule.js';
import { roundTrip, rangeValidation } from './bake.js';
import { bakedEntry } from './conflicts.js';
import { answerShapes } from './contract.js';
import { identifiers, unauthenticated } from './errors.js';
import { eventFilters, eventOrder, eventTenancy } from './events.js';
import { createReplay } from './idempotency.js';
import { listBounds, pdfHosts } from './limits.js';
import { listScope } from './list-scope.js';
import { pages, sorting, totalOrder } from './pagination.js';
import { updatedAtMoves } from './change-tracking.js';
import { patientScope, patientWrites, staffDirectory } from './roles.js';
import { credentials, entryRead, entryWrite, organizationRead } from './tenancy.js';

/**
 * Every rule, in the order they run and are reported: reads first, then the rules that write
 * inside a scratch patient, and last the contract rule, which reports every answer's shape.
 */
export const conformanceRules: readonly ConformanceRule[] = [
  unauthenticated,
  identifiers,
  credentials,
  organizationRead,
  entryRead,
  listScope,
  patientScope,
  staffDirectory,
  eventOrder,
  eventFilters,
  eventTenancy,
  pages,
  sorting,
  totalOrder,
  listBounds,
  pdfHosts,
  rangeValidation,
  entryWrite,
  patientWrites,
  roundTrip,
  bakedEntry,
  createReplay,
  updatedAtMoves,
  answerShapes,
];
