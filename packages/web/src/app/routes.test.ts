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
});
