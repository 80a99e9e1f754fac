import type { Transport } from '../transport.js';

/** Base of the resource groups: each holds the client's transport. */
export abstract class Resource {
  protected readonly transport: Transport;

  constructor(transport: Transport) {
    this.transport = transport;
  }
}
