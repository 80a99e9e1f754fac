import type { Database } from '../../db/database.js';
import type { Caller } from '../access/caller.js';
import type { PdfLinks } from '../pdf/pdf-links.js';
import type { OperationLimits } from './limits.js';
import type { StorageQuota } from './storage-quota.js';

/** What a domain operation gets besides its validated input. */
export interface OperationContext {
  db: Database;
  caller: Caller;
  /** The clock (injectable so that tests and the bake engine can pin time). */
  now: () => Date;
  newId: () => string;
  /** Scheme, host and port the client used, for absolute links in answers. */
  origin: string;
  pdfLinks: PdfLinks;
  /** Bounds on the work of one request. */
  limits: OperationLimits;
  /** The organization's storage quota, for writes that add many records (a bake); none when absent. */
  storageQuota?: StorageQuota | undefined;
}
