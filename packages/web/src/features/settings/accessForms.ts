import { GRANT_ACCESS_DEFAULT_PHONE, ROLES } from '@herald/protocol';
import type { Role } from '@herald/protocol';

/** What the settings forms send: pure, so the rules are unit-tested apart from the pages. */

/** A valid-from date or time as the native date input shows it (YYYY-MM-DD), '' when there is none. */
export function validFromInput(validFrom: string | null | undefined): string {
  if (!validFrom) return '';
  const date = new Date(validFrom);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/**
 * The native date input's value as updateOrganizationAccess takes it: the start of that day (UTC) as an ISO
 * time, or null to clear it. Anything that is not a real calendar date is null too.
 */
export function validFromParam(input: string): string | null {
  const text = input.trim();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) return null;
  return date.toISOString();
}

/** Only the roles the contract knows, in its order, once each. */
export function knownRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((role) => roles.includes(role));
}

export interface GrantForm {
  email: string;
  phone: string;
  roles: string[];
}

/** grantOrganizationAccess params: a blank phone is the contract's default ('n/a'). */
export function grantParams(form: GrantForm): { email: string; phone: string; roles: Role[] } {
  const phone = form.phone.trim();
  return {
    email: form.email.trim(),
    phone: phone === '' ? GRANT_ACCESS_DEFAULT_PHONE : phone,
    roles: knownRoles(form.roles),
  };
}

/** The add-issuer form: every field of an identity provider (functional §3), as the inputs hold them. */
export interface IssuerForm {
  issuerType: 'oidc';
  issuerUri: string;
  issuerClientId: string;
  issuerCredential: string;
  manageRoles: boolean;
  customRolesClaimName: string;
  customRolesRegex: string;
  customPartitionsetsTransform: string;
  description: string;
  exclusive: boolean;
  /** E-mail domains, one a line or separated by commas or spaces. */
  exclusiveDomains: string;
  grantConsent: boolean;
  disabled: boolean;
}

export const emptyIssuerForm: IssuerForm = {
  issuerType: 'oidc',
  issuerUri: '',
  issuerClientId: '',
  issuerCredential: '',
  manageRoles: false,
  customRolesClaimName: '',
  customRolesRegex: '',
  customPartitionsetsTransform: '',
  description: '',
  exclusive: false,
  exclusiveDomains: '',
  grantConsent: false,
  disabled: false,
};

/** A list typed as text: one item a line, or separated by commas or spaces; blanks and repeats dropped. */
export function listFromText(text: string): string[] {
  const items = text
    .split(/[\s,;]+/)
    .map((item) => item.trim().replace(/^@/, '').toLowerCase())
    .filter(Boolean);
  return [...new Set(items)];
}

/** addOrganizationIssuer params from the form: optional text left blank is null, domains a list. */
export function issuerParams(form: IssuerForm) {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  return {
    issuerType: form.issuerType,
    issuerUri: form.issuerUri.trim(),
    issuerClientId: form.issuerClientId.trim(),
    issuerCredential: form.issuerCredential,
    manageRoles: form.manageRoles,
    customRolesClaimName: optional(form.customRolesClaimName),
    // A regular expression's spaces can matter: only an empty one counts as none.
    customRolesRegex: form.customRolesRegex === '' ? null : form.customRolesRegex,
    customPartitionsetsTransform: optional(form.customPartitionsetsTransform),
    description: form.description.trim(),
    exclusive: form.exclusive,
    exclusiveDomains: listFromText(form.exclusiveDomains),
    grantConsent: form.grantConsent,
    disabled: form.disabled,
  };
}

/** The offset of a 1-based page of `limit` records. */
export function pageOffset(page: number, limit: number): number {
  return Math.max(0, Math.floor(page) - 1) * limit;
}

/** How many pages `total` records fill, at least one. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
