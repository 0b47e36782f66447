import { describe, expect, it } from 'vitest';
import { isNativeEditorTemplate, nativeEditorGuard } from './nativeEditorGuard.ts';

describe('guard 7: activity edit goes to the native editor for a v5_ template', () => {
  it('sends an activity whose template url contains v5_ to the native editor', () => {
    expect(
      nativeEditorGuard(
        { templateUrl: 'https://templates.example/v5_newsletter' },
        { pathname: '/7/activity/edit/12' },
      ),
    ).toEqual({ kind: 'redirect', to: '/7/activity/editor/12' });
  });

  it('keeps the campaign alias, the query and the hash', () => {
    expect(
      nativeEditorGuard(
        { templateUrl: 'starter/v5_promo' },
        { pathname: '/7/campaign/3/edit/12', search: '?tab=target', hash: '#notes' },
      ),
    ).toEqual({ kind: 'redirect', to: '/7/campaign/3/editor/12?tab=target#notes' });
  });

  it('lets activities without a native template through', () => {
    for (const templateUrl of [null, '', 'https://templates.example/v4_newsletter', 'V5_upper'])
      expect(nativeEditorGuard({ templateUrl }, { pathname: '/7/activity/edit/12' })).toEqual({
        kind: 'allow',
      });
  });

  it('never redirects a path that is not an edit page (no loop from the editor itself)', () => {
    expect(nativeEditorGuard({ templateUrl: 'v5_x' }, { pathname: '/7/activity/editor/12' })).toEqual({
      kind: 'allow',
    });
    expect(nativeEditorGuard({ templateUrl: 'v5_x' }, { pathname: '/7/activity/view/12' })).toEqual({
      kind: 'allow',
    });
  });

  it('reads the marker anywhere in the url', () => {
    expect(isNativeEditorTemplate('v5_')).toBe(true);
    expect(isNativeEditorTemplate('https://x.example/t/v5_a/index.html')).toBe(true);
    expect(isNativeEditorTemplate('https://x.example/t/v4_a')).toBe(false);
    expect(isNativeEditorTemplate(undefined)).toBe(false);
  });
});
