import { transportOf, type MedschedBaseClient } from '../base-client.js';
import type { Transport } from '../transport.js';

/** Base of the resource groups: each holds the client's transport. */
export abstract class Resource {
  protected readonly transport: Transport;

  /** @param client The client to send with: `new Calendars(createBaseClient({ baseUrl, apiKey }))`. */
  constructor(client: MedschedBaseClient | Transport) {
    this.transport = transportOf(client);
  }
}
