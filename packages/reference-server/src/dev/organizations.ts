/**
 * A sandbox of several homes: the public API cannot create an organization, so the development
 * routes do (`POST /dev/admin/organizations`), with its zone and its first admin, whose key
 * `POST /dev/admin/keys` then makes. For the CLI's multi-home tests and demos.
 */
import { TimeZone } from '@medsched/sdk/schemas';
import { z } from 'zod';
import { ProblemError } from '../domain/operation/problems.js';
import type { AdminContext } from './admin.js';

/** A sandbox is small: more organizations than this in one store is a runaway script. */
export const maxOrganizations = 1000;

export const OrganizationCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(200),
  /** The home's zone (`meta.timezone`), read by the CLI for home-wide dates; none when left out. */
  timezone: z.optional(TimeZone),
  kind: z.string().max(100).optional(),
  admin: z.strictObject({
    name: z.string().trim().min(1).max(200),
    email: z
      .string()
      .trim()
      .min(3)
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+$/, 'must be an e-mail address'),
  }),
});

/** Creates the organization and its admin (a user of role admin); 409 for an e-mail in use, 409 past the cap. */
export async function createOrganization(ctx: AdminContext, body: z.infer<typeof OrganizationCreateBody>) {
  const email = body.admin.email.toLowerCase();
  if (ctx.db.users.group('email', email).length > 0) throw new ProblemError('conflict', `the e-mail address ${email} is in use already`);
  if (ctx.db.organizations.all().length >= maxOrganizations) throw new ProblemError('conflict', `at most ${maxOrganizations} organizations in one store`);
  const now = ctx.now().toISOString();
  const organization = await ctx.db.organizations.create({
    id: ctx.newId(),
    name: body.name,
    email,
    kind: body.kind ?? 'care-home',
    meta: body.timezone === undefined ? {} : { timezone: body.timezone },
    createdAt: now,
    updatedAt: now,
  });
  const admin = await ctx.db.users.create({
    id: ctx.newId(),
    organization: organization.id,
    name: body.admin.name,
    email,
    role: 'admin',
    category: 'pharmacist',
    timezone: body.timezone ?? 'UTC',
    meta: {},
    apps: {},
    accountId: null,
    createdAt: now,
    updatedAt: now,
  });
  return { organization, admin };
}
