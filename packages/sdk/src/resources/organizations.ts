import { transportOf, type MedschedBaseClient } from '../base-client.js';
import { ApiPromise } from '../api-promise.js';
import type { z } from 'zod';
import { organizationsGet, organizationsUpdate } from '../schemas/operation-definitions.js';
import type { Organization, OrganizationUpdate } from '../schemas/organizations.js';
import type { RequestOptions } from '../transport.js';
import { Resource } from './resource.js';

/**
 * Gets an organization you belong to.
 * @example const org = await getOrganization(client, organizationId);
 */
export function getOrganization(client: MedschedBaseClient, organizationId: string, options?: RequestOptions): ApiPromise<Organization> {
  return new ApiPromise(transportOf(client).call(organizationsGet, { params: { organizationId } }, options));
}

/**
 * Updates your organization (admins only). The body's `organization` defaults to the path id.
 * @example await updateOrganization(client, organizationId, { name: 'Linden Pharmacy' });
 */
export function updateOrganization(
  client: MedschedBaseClient,
  organizationId: string,
  body: Omit<z.input<typeof OrganizationUpdate>, 'organization'> & { organization?: string },
  options?: RequestOptions,
): ApiPromise<Organization> {
  const payload = { organization: organizationId, ...body };
  return new ApiPromise(transportOf(client).call(organizationsUpdate, { params: { organizationId }, body: payload }, options));
}

/** Organizations: the tenants. */
export class Organizations extends Resource {
  /**
   * Gets an organization you belong to.
   * @example const org = await client.organizations.get(organizationId);
   */
  get(organizationId: string, options?: RequestOptions): ApiPromise<Organization> {
    return getOrganization(this.client, organizationId, options);
  }

  /**
   * Updates your organization (admins only). The body's `organization` defaults to the path id.
   * @example await client.organizations.update(organizationId, { name: 'Linden Pharmacy' });
   */
  update(organizationId: string, body: Omit<z.input<typeof OrganizationUpdate>, 'organization'> & { organization?: string }, options?: RequestOptions): ApiPromise<Organization> {
    return updateOrganization(this.client, organizationId, body, options);
  }
}
