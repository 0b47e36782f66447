export const PAGE_TITLE_SEPARATOR = ' - ';

export interface PageTitleParts {
  /** The organization's name; the product's name stands in outside an organization. */
  organizationName: string | null;
  productName: string;
  title: string | null;
  campaignId?: string | number | null;
  id?: string | number | null;
  /** Words around the id, "(ID 12)" in English. */
  formatId: (id: string | number) => string;
}

const present = (value: string | number | null | undefined): value is string | number =>
  value !== null && value !== undefined && String(value).trim() !== '';

/**
 * Platform §2: the organization name, the page title, the campaign id when present, and "(ID id)" when an id
 * is present, each part left out when empty.
 */
export function pageTitle(parts: PageTitleParts): string {
  const { organizationName, productName, title, campaignId, id, formatId } = parts;
  return [
    present(organizationName) ? organizationName : productName,
    present(title) ? title : null,
    present(campaignId) ? String(campaignId) : null,
    present(id) ? formatId(id) : null,
  ]
    .filter((part): part is string => part !== null)
    .join(PAGE_TITLE_SEPARATOR);
}
