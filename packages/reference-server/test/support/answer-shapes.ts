import type { createApiKey, revokeApiKey } from '../../src/dev/admin.js';

/** What `POST /dev/token` and `POST /dev/token/refresh` answer. */
export type { TokenPair } from '../../src/domain/access/identity-provider.js';

/** What `POST /dev/admin/keys` answers: the key's listing and, this once, the raw key. */
export type CreatedKey = Awaited<ReturnType<typeof createApiKey>>;

/** What `POST /dev/admin/keys/revoke` answers: the key's listing, with `revokedAt` set. */
export type KeyListing = Awaited<ReturnType<typeof revokeApiKey>>;
