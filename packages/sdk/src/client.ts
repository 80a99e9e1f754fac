import { MedschedBaseClient, transportOf, type ClientOptions } from './base-client.js';
import { Accounts } from './resources/accounts.js';
import { Calendars } from './resources/calendars.js';
import { Devices } from './resources/devices.js';
import { Medications } from './resources/medications.js';
import { Organizations } from './resources/organizations.js';
import { Pdf } from './resources/pdf.js';
import { Users } from './resources/users.js';

export { MedschedBaseClient, createBaseClient, type ClientOptions, type RawRequest, type RawResponse } from './base-client.js';
export type { StandardSchema } from './standard-schema.js';

/**
 * The medsched API, one property per resource group. Every group comes along in a bundle; for a
 * smaller one, build a `createBaseClient()` and only the groups you call (`new Calendars(client)`).
 */
export class MedschedClient extends MedschedBaseClient {
  readonly accounts: Accounts;
  readonly calendars: Calendars;
  readonly devices: Devices;
  readonly medications: Medications;
  readonly organizations: Organizations;
  readonly users: Users;
  readonly pdf: Pdf;

  constructor(options: ClientOptions) {
    super(options);
    const transport = transportOf(this);
    this.accounts = new Accounts(transport);
    this.calendars = new Calendars(transport);
    this.devices = new Devices(transport);
    this.medications = new Medications(transport);
    this.organizations = new Organizations(transport);
    this.users = new Users(transport);
    this.pdf = new Pdf(transport);
  }
}

/**
 * Creates a client for the medsched API.
 * @example
 * const client = createClient({ baseUrl: 'http://127.0.0.1:4010/v1', apiKey: process.env.MEDSCHED_API_KEY });
 * const entry = await client.calendars.get('65a1f0c2e4b0a1b2c3d4e5f6');
 */
export function createClient(options: ClientOptions): MedschedClient {
  return new MedschedClient(options);
}
