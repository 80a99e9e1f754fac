import { clientOf, transportOf, type MedschedBaseClient } from '../base-client.js';
import type { Transport } from '../transport.js';

/** Base of the resource groups: each holds the client's transport. */
export abstract class Resource {
  protected readonly transport: Transport;
  // Private, so that neither JSON.stringify nor a log of the client walks back into the client.
  readonly #client: MedschedBaseClient;

  /** @param client The client to send with: `new Calendars(createBaseClient({ baseUrl, apiKey }))`. */
  constructor(client: MedschedBaseClient | Transport) {
    this.transport = transportOf(client);
    this.#client = clientOf(client);
  }

  /** The client the methods send with, through the group's standalone functions (`listCalendarEntries(client, …)`). */
  protected get client(): MedschedBaseClient {
    return this.#client;
  }
}
