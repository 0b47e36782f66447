import { describe, expect, it } from 'vitest';
import { pageTitle } from './pageTitle.ts';
import type { PageTitleParts } from './pageTitle.ts';

const base: PageTitleParts = {
  organizationName: null,
  productName: 'Herald',
  title: null,
  formatId: (id) => `(ID ${id})`,
};

describe('pageTitle', () => {
  it.each<[string, Partial<PageTitleParts>, string]>([
    ['organization and page', { organizationName: 'Acme', title: 'Dashboard' }, 'Acme - Dashboard'],
    ['with an id', { organizationName: 'Acme', title: 'Activity', id: 42 }, 'Acme - Activity - (ID 42)'],
    [
      'with a campaign id and an id',
      { organizationName: 'Acme', title: 'Activity', campaignId: 9, id: '42' },
      'Acme - Activity - 9 - (ID 42)',
    ],
    [
      'with a campaign id only',
      { organizationName: 'Acme', title: 'Campaign', campaignId: '9' },
      'Acme - Campaign - 9',
    ],
    ['outside an organization', { title: 'Sign in' }, 'Herald - Sign in'],
    ['blank organization name', { organizationName: '  ', title: 'Account' }, 'Herald - Account'],
    ['no page title', { organizationName: 'Acme' }, 'Acme'],
    ['nothing at all', {}, 'Herald'],
    [
      'empty ids are left out',
      { organizationName: 'Acme', title: 'Lists', id: '', campaignId: null },
      'Acme - Lists',
    ],
    ['id zero is an id', { organizationName: 'Acme', title: 'List', id: 0 }, 'Acme - List - (ID 0)'],
  ])('%s', (_case, parts, expected) => {
    expect(pageTitle({ ...base, ...parts })).toBe(expected);
  });
});
