import { describe, expect, it } from 'vitest';
import { routeTable } from './routes.tsx';

describe('route table', () => {
  it('every modal route names a page route of its scope as its fallback', () => {
    for (const route of routeTable.filter((entry) => entry.modal)) {
      const fallback = routeTable.find((entry) => entry.id === route.modal?.fallback);
      expect(fallback, route.id).toBeDefined();
      expect(fallback?.modal, route.id).toBeUndefined();
      expect(fallback?.scope, route.id).toBe(route.scope);
    }
  });

  it('ids are unique', () => {
    const ids = routeTable.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('campaign setup overlays the campaign list', () => {
    const overlays = routeTable
      .filter((route) => route.modal?.fallback === 'campaigns')
      .map((route) => route.path);
    expect(overlays).toEqual(['/:organization/campaigns/new', '/:organization/campaigns/:id']);
  });

  it('every activity page of platform §2 is at activity/… and under its campaign', () => {
    const paths = new Set(routeTable.map((route) => route.path));
    for (const page of ['view', 'edit', 'editor', 'partition', 'viewerror']) {
      expect(paths.has(`/:organization/activity/${page}/:id`), page).toBe(true);
      expect(paths.has(`/:organization/campaign/:campaignId/${page}/:id`), page).toBe(true);
    }
    expect(paths.has('/:organization/activity/new')).toBe(true);
    const fromCampaign = routeTable.find((route) => route.path === '/:organization/campaign/:campaignId/new');
    expect(fromCampaign?.modal).toEqual({ fallback: 'campaign' });
  });

  it('the native editor is one page under both addresses', () => {
    const editors = routeTable.filter((route) => /\/editor\/:id$/.test(route.path));
    expect(editors.map((route) => route.id)).toEqual(['activity-editor', 'campaign-activity-editor']);
    expect(editors[0]?.page).toBe(editors[1]?.page);
  });
});
