import type { Settings } from '../config/settings.js';
import { createApiClient } from '../client/create-api-client.js';

/**
 * Proves a credential works with the cheapest read every role may make (one calendar
 * entry: patients see their own). A 401 here surfaces as exit 3 before anything is saved.
 */
export async function verifyCredential(settings: Settings, options: { debug: boolean }): Promise<void> {
  const client = await createApiClient(settings, options);
  await client.calendars.list({ limit: 1 });
}
