import { z } from 'zod';

/** An organization as a user sees it in their profile (PROTOCOL §3 OrganizationSummary). */
export const organizationSummarySchema = z.object({
  organization_id: z.number().int(),
  organization: z.string(),
  hostname: z.string().nullable(),
  roles: z.array(z.string()),
  capabilities: z.array(z.string()),
  admin: z.boolean(),
  partitionsets: z.array(z.number().int()),
  theme: z.string().nullable(),
  logo_uri: z.string().nullable(),
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationSchema = organizationSummarySchema.extend({
  settings: z.record(z.string(), z.unknown()),
  domainsConfig: z.record(z.string(), z.unknown()),
});
export type Organization = z.infer<typeof organizationSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  otp_enabled: z.boolean(),
  /** An organization of the user requires two-factor and the user has none: the app takes them to set it up. */
  otp_required: z.boolean(),
  sso_enabled: z.boolean(),
  organizations: z.array(organizationSummarySchema),
});
export type User = z.infer<typeof userSchema>;
