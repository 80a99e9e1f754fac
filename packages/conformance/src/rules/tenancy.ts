import { expectStatus, expectThat, optionalField, record } from '../expect.js';
import { identityRuleId } from '../fixtures.js';
import { RuleFailure } from '../outcomes.js';
import type { ConformanceRule } from '../rule.js';
import { apiReferenceSection } from '../docs-link.js';

/**
 * Each credential's organization from a source a tenancy drift cannot corrupt (identity.ts), and
 * the main and the other organization's credentials told apart: when they resolve to the same
 * organization, that is a failure, never a reason for the tenancy rules to stand down.
 */
export const credentials: ConformanceRule = {
  id: identityRuleId,
  title: "Each credential's organization is established from its account or a read-back, and the two organizations differ",
  source: { interface: '§5 Authentication, items 5-6', decision: apiReferenceSection('Tenancy and roles') },
  writes: false,
  async run({ probe, fixtures }) {
    const own = await fixtures.establish('primary');
    if (probe.has('patient')) {
      // The patient's own entries name its id; the main credential reads them only inside its organization.
      const patient = optionalField((await fixtures.visibleEntry('patient')) ?? {}, 'userId', 'string');
      if (patient !== undefined) {
        const read = await probe.send({ method: 'GET', path: '/calendars/', query: { patient, limit: 1 } });
        expectStatus(read, 200, `the patient credential's patient ${patient} must be of the main credential's organization (${own.organization}, ${own.evidence}) for the role rules to mean anything`);
      }
    }
    if (!probe.has('otherOrganization')) return;
    const other = await fixtures.establish('otherOrganization');
    if (own.organization === other.organization) {
      throw new RuleFailure(
        `the main credential (${own.evidence}) and the other organization's credential (${other.evidence}) both belong to organization ${own.organization}: ` +
          'the tenancy rules cannot tell them apart; give a credential of another organization, else the deployment mixes organizations up',
      );
    }
  },
};

/** The own organization reads; another organization's is 403 without its content. */
export const organizationRead: ConformanceRule = {
  id: 'tenancy.organization-read',
  title: "Own organization readable; another organization's is 403 without its content",
  source: { interface: '§5 Authentication, items 5-6; §7 Errors (403)' },
  writes: false,
  needs: [identityRuleId],
  async run({ probe, fixtures }) {
    const organization = await fixtures.organization();
    const own = await probe.send({ method: 'GET', path: `/organizations/${organization}`, operation: 'organizations.get' });
    expectStatus(own, 200, 'a credential reads its own organization (§4 #17)');
    expectThat(record(own).id === organization, `${own.line}: answered organization ${String(record(own).id)}, asked for ${organization}`);
    const other = await fixtures.otherOrganization();
    const foreign = await probe.send({ method: 'GET', path: `/organizations/${other.organization}` });
    expectStatus(foreign, 403, 'another organization is not accessible to the credential (§5.6)', 'forbidden');
  },
};

/** Another organization's entry, and its patient's list, are 403 and leak nothing. */
export const entryRead: ConformanceRule = {
  id: 'tenancy.entry-read',
  title: "Another organization's calendar entry and patient are 403, never their content",
  source: { interface: '§5 Authentication, items 5-6; §7 Errors (403: tenant mismatch)' },
  writes: false,
  needs: [identityRuleId],
  async run({ probe, fixtures }) {
    const { entry } = await fixtures.otherOrganization();
    const read = await probe.send({ method: 'GET', path: `/calendars/${String(entry.id)}` });
    expectStatus(read, 403, "a credential must not read another organization's entry (§5.6)", 'forbidden');
    const title = optionalField(entry, 'title', 'string');
    const shownTitle = title !== undefined && title.length > 3 ? title : undefined;
    expectThat(shownTitle === undefined || !read.text.includes(shownTitle), `${read.line}: the refusal carries the other organization's entry title "${shownTitle}"`);
    const list = await probe.send({ method: 'GET', path: '/calendars/', query: { patient: String(entry.userId), limit: 5 } });
    expectStatus(list, 403, "listing another organization's patient must be refused, not answered empty or full (§5.6)", 'forbidden');
    const bake = await probe.send({ method: 'GET', path: '/calendars/bake', query: { patient: String(entry.userId), from: String(entry.date), to: String(entry.date) } });
    expectStatus(bake, 403, "another organization's bake result is not accessible (§5.6)", 'forbidden');
  },
};

/** Writes at another organization's records are 403 and change nothing. */
export const entryWrite: ConformanceRule = {
  id: 'tenancy.entry-write',
  title: "Writes at another organization's entry are 403 and change nothing",
  source: { interface: '§5 Authentication, items 5-6; §7 Errors (403)' },
  writes: true,
  needs: [identityRuleId],
  async run({ probe, fixtures }) {
    const { entry, organization } = await fixtures.otherOrganization();
    // An empty PATCH: if the deployment wrongly allows it, it still changes no field of another tenant's entry.
    const patch = await probe.send({ method: 'PATCH', path: `/calendars/${String(entry.id)}`, body: {} });
    expectStatus(patch, 403, "a credential must not change another organization's entry (§5.6)", 'forbidden');
    const after = await probe.send({ as: 'otherOrganization', method: 'GET', path: `/calendars/${String(entry.id)}`, operation: 'calendars.get' });
    expectStatus(after, 200, 'the owner still reads its entry');
    expectThat(record(after).updatedAt === entry.updatedAt, `${after.line}: updatedAt moved from ${String(entry.updatedAt)} to ${String(record(after).updatedAt)} after a refused write`);
    const unbake = await probe.send({ method: 'DELETE', path: '/calendars/bake', query: { patient: String(entry.userId), from: '2099-01-01', to: '2099-01-01' } });
    expectStatus(unbake, 403, "unbaking another organization's patient must be refused (§5.6)", 'forbidden');
    const users = await probe.send({ method: 'GET', path: '/users/', query: { organization, limit: 1 } });
    expectStatus(users, 403, "another organization's users are not accessible (§4 #19, §5.6)", 'forbidden');
  },
};
