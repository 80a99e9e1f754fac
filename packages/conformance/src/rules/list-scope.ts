import { expectStatus, expectThat, optionalField, records } from '../expect.js';
import { identityRuleId } from '../fixtures.js';
import { describeRole, type Probe } from '../probe.js';
import { RuleBlocked } from '../outcomes.js';
import type { ConformanceRule } from '../rule.js';

type ListRole = 'primary' | 'patient' | 'otherOrganization';

/** Who saw a record first: two callers of different organizations must never both see it. */
type Sightings = Map<string, { who: string; organization: string }>;

/**
 * One list of a caller: every record naming an organization names the caller's, and no record is
 * listed to a caller of another organization too (that holds even when records name none).
 */
async function checkList(
  probe: Probe,
  request: Parameters<Probe['send']>[0],
  caller: { role: ListRole; organization: string },
  sightings: Sightings,
  what: { many: string; one: string },
): Promise<void> {
  const who = describeRole(caller.role);
  const list = await probe.send(request);
  expectStatus(list, 200, `every caller may list the ${what.many} it can see`);
  for (const item of records(list)) {
    const id = optionalField(item, 'id', 'string') ?? '(no id)';
    const organization = optionalField(item, 'organization', 'string');
    expectThat(
      organization === undefined || organization === caller.organization,
      `${list.line}: the ${who}'s list holds ${what.one} ${id} of organization ${organization}; the ${who} belongs to ${caller.organization}: a list holds only the caller's organization's records (§5.5-6)`,
    );
    const seen = sightings.get(id);
    expectThat(
      seen === undefined || seen.organization === caller.organization,
      `${list.line}: ${what.one} ${id} is listed to the ${who} (organization ${caller.organization}) and to the ${seen?.who} (organization ${seen?.organization}): one of the lists leaks another organization's records (§5.5-6)`,
    );
    if (seen === undefined && id !== '(no id)') sightings.set(id, { who, organization: caller.organization });
  }
}

/**
 * Lists hold only the caller's organization's records, for staff and admins as for patients: the
 * newest and the oldest page of calendar entries of each credential, the user directory of each
 * staff credential, and a search for the other organization's entry by its title. A list that
 * adds other tenants' records on top of the right ones is caught by the records' `organization`
 * and, where records do not name one, by ids seen by callers of two organizations.
 */
export const listScope: ConformanceRule = {
  id: 'tenancy.list-scope',
  title: "Lists of calendar entries and users hold only the caller's organization's records, for staff, admins and patients",
  source: { interface: '§1 ("All records belong to an organization"); §4 #5, #19; §5 Authentication, items 5-6' },
  writes: false,
  needs: [identityRuleId],
  async run({ probe, fixtures }) {
    const own = await fixtures.organization();
    const callers: Array<{ role: ListRole; organization: string; staff: boolean }> = [{ role: 'primary', organization: own, staff: true }];
    if (probe.has('otherOrganization')) {
      const other = await fixtures.organization('otherOrganization');
      if (other === own) throw new RuleBlocked(`blocked: both staff credentials belong to organization ${own}; ${identityRuleId} reports it`);
      callers.push({ role: 'otherOrganization', organization: other, staff: true });
    }
    // The patient credential is of the main credential's organization (tenancy.credentials checks it).
    if (probe.has('patient')) callers.push({ role: 'patient', organization: own, staff: false });
    const entries: Sightings = new Map();
    const users: Sightings = new Map();
    for (const caller of callers) {
      for (const sortBy of ['createdAt:desc', 'createdAt:asc']) {
        await checkList(probe, { as: caller.role, method: 'GET', path: '/calendars/', query: { limit: 100, sortBy }, operation: 'calendars.list' }, caller, entries, {
          many: 'calendar entries',
          one: 'calendar entry',
        });
      }
      if (caller.staff) {
        await checkList(probe, { as: caller.role, method: 'GET', path: '/users/', query: { organization: caller.organization, limit: 100 }, operation: 'users.list' }, caller, users, {
          many: 'users',
          one: 'user',
        });
      }
    }
    if (!probe.has('otherOrganization')) return;
    // Beyond the pages read: the other organization's entry, looked for by its title.
    const { entry } = await fixtures.otherOrganization();
    const title = optionalField(entry, 'title', 'string');
    if (title === undefined || title.length > 200) return;
    const found = await probe.send({ method: 'GET', path: '/calendars/', query: { name: title, limit: 100 }, operation: 'calendars.list' });
    expectStatus(found, 200, 'a list filtered by name');
    const leaked = records(found).find((item) => item.id === entry.id);
    expectThat(
      leaked === undefined,
      `${found.line}: the main credential's list holds entry ${String(entry.id)} of the other organization (seen with its own credential): a list holds only the caller's organization's records (§5.5-6)`,
    );
  },
};
