import type { CredentialRole } from './options.js';
import { describeRole, type Probe } from './probe.js';
import { optionalField, record, records } from './expect.js';
import { RuleFailure, RuleSkip } from './outcomes.js';

/** A credential's organization and how it was established. */
export interface EstablishedOrganization {
  /** The organization's object id. */
  organization: string;
  /** `account`: the account record (`PATCH /accounts/{sub}` with `{}`); `given`: the organization the caller named, read back; `verified`: the one organization among those its entries name that it can read. */
  source: 'account' | 'given' | 'verified';
  /** The request that told it, for messages. */
  evidence: string;
}

const objectId = /^[0-9a-f]{24}$/;
/** How many candidate organizations are read back at most: a list that names more leaks anyway. */
const maxCandidates = 8;

/** The `sub` of a JWT, or undefined when the token is no JWT (no signature is checked: the server does that). */
export function tokenSubject(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined || payload.length > 8192) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub.length > 0 && sub.length <= 128 ? sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Establishes a staff credential's organization from a source that a tenancy drift cannot corrupt.
 * Not from the newest entry it lists: a list that leaks another organization's entries would name
 * the wrong one (and so hide itself). In order:
 * 1. the organization the caller gave, read back with `GET /organizations/{id}` (200, same id);
 * 2. a bearer token's account: `PATCH /accounts/{sub}` with `{}` changes nothing and answers the
 *    account with `organizationId` (not in read-only mode: it is a PATCH);
 * 3. an API key names nothing, so: the organizations its entries name (newest and oldest page),
 *    each read back with `GET /organizations/{id}`; exactly one may answer 200. None or several is
 *    a failure (a leak or a refused own organization), only no candidate at all is a skip.
 */
export async function establishOrganization(probe: Probe, role: Exclude<CredentialRole, 'none'>, given?: string): Promise<EstablishedOrganization> {
  const who = describeRole(role);
  if (given !== undefined) {
    const read = await probe.send({ as: role, method: 'GET', path: `/organizations/${given}`, operation: 'organizations.get' });
    if (read.status !== 200 || record(read).id !== given) {
      throw new RuleFailure(
        `${read.line}: the organization given as the ${who}'s (${given}) is not readable with it${read.status === 200 ? ` (answered id ${String(record(read).id)})` : ''}; check the organization given, else the deployment refuses a credential its own organization`,
      );
    }
    return { organization: given, source: 'given', evidence: read.line };
  }
  const credential = probe.credential(role);
  const subject = credential && 'token' in credential ? tokenSubject(credential.token) : undefined;
  if (subject !== undefined && !probe.readOnly) {
    const account = await probe.send({ as: role, method: 'PATCH', path: `/accounts/${encodeURIComponent(subject)}`, body: {}, operation: 'accounts.update' });
    const organization = optionalField(record(account), 'organizationId', 'string');
    if (account.status === 200 && organization !== undefined && objectId.test(organization)) return { organization, source: 'account', evidence: account.line };
  }
  const candidates = new Map<string, string>();
  for (const sortBy of ['createdAt:desc', 'createdAt:asc']) {
    const list = await probe.send({ as: role, method: 'GET', path: '/calendars/', query: { limit: 100, sortBy } });
    if (list.status !== 200) throw new RuleFailure(`${list.line}: expected 200: every role may list the calendar entries it can see (§4 #5); the ${who}'s organization cannot be established`);
    for (const entry of records(list)) {
      const organization = optionalField(entry, 'organization', 'string');
      if (organization !== undefined && objectId.test(organization) && !candidates.has(organization)) candidates.set(organization, list.line);
    }
  }
  if (candidates.size === 0) {
    throw new RuleSkip(
      `the ${who}'s organization is unknown: it lists no calendar entry naming one${role === 'primary' ? '; give the organization (--organization)' : ''}, or use a bearer token (its account names it)`,
    );
  }
  const readable: Array<{ organization: string; line: string }> = [];
  const refused: string[] = [];
  for (const organization of [...candidates.keys()].slice(0, maxCandidates)) {
    const read = await probe.send({ as: role, method: 'GET', path: `/organizations/${organization}`, operation: 'organizations.get' });
    if (read.status === 200 && record(read).id === organization) readable.push({ organization, line: read.line });
    else refused.push(read.line);
  }
  const named = [...candidates.keys()].join(', ');
  if (readable.length === 1) return { organization: readable[0]!.organization, source: 'verified', evidence: readable[0]!.line };
  if (readable.length === 0) {
    throw new RuleFailure(
      `the ${who}'s entries name organization${candidates.size > 1 ? 's' : ''} ${named}, and it may read none of them (${refused.join('; ')}): a staff credential reads its own organization (§4 #17); is it a staff or admin credential?`,
    );
  }
  throw new RuleFailure(
    `the ${who} reads ${readable.length} organizations (${readable.map((item) => item.line).join('; ')}): a credential belongs to one organization (§5.5-6), so its own cannot be told from another's`,
  );
}
