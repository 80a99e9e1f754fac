import { demoCredentials, type Database, type Scenario, type SeedName } from '@medsched/reference-server';
import type { UserRole } from '@medsched/sdk/schemas';
import type { MockCredential } from './seed-factories.js';

/** The demo organizations by the slug in their keys and e-mails, or by id. */
export type DemoOrganization = 'sonnen' | 'lindenhof' | (string & {});

export interface DemoUserOptions {
  /** `sonnen` (default), `lindenhof`, or an organization id. */
  organization?: DemoOrganization;
}

/** The reference server's demo credentials, computed once (they are the same for every database). */
let credentials: ReturnType<typeof demoCredentials> | undefined;

/**
 * The demo user of a role (the first patient for `patient`), from the reference server's own
 * credentials list. Fails with what to do instead when the database has no demo data (or, with
 * no database at hand during a reset, when the seed the reset restores has none).
 */
export function demoUser(db: Database | undefined, seed: SeedName | Scenario, role: UserRole, options: DemoUserOptions = {}): MockCredential {
  const organization = options.organization ?? 'sonnen';
  const credential = (credentials ??= demoCredentials()).find(
    (candidate) => candidate.role === role && (candidate.organizationId === organization || candidate.email.endsWith(`@${organization}.example`)),
  );
  if (!credential) {
    throw new Error(`mock.as('${role}'): the demo data has no ${role} in organization "${organization}"; use 'sonnen', 'lindenhof' or a demo organization id`);
  }
  if (db ? !db.users.get(credential.userId) : seed !== 'demo') {
    throw new Error(
      `mock.as('${role}'): the demo users are not in the database (seed: 'empty'?); make one with ` +
        `const user = await mock.seed.user({ role: '${role}' }); mock.as(await mock.seed.credential(user))`,
    );
  }
  return { ...credential, role };
}
