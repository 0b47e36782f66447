import { describe, expect, it } from 'vitest';
import { emailFixture } from './check-fixtures.ts';
import {
  assetIdOf,
  checkImages,
  imageAssetIds,
  IMAGE_SIZE_WARNING_BYTES,
  type AssetFacts,
} from './images-check.ts';

const ORGANIZATION = 7;
const assets = new Map<number, AssetFacts>([
  [1, { name: 'Hero', size: 80_000, isPublished: true }],
  [2, { name: 'Draft banner', size: 80_000, isPublished: false }],
  [3, { name: 'Poster', size: IMAGE_SIZE_WARNING_BYTES + 1, isPublished: true }],
]);

describe('images check', () => {
  it('passes images with alt text on https and published assets', async () => {
    const content = await emailFixture(
      '<img src="https://cdn.example.com/a.png" alt="Beans"><img src="https://harbour.test/media/7/1/hero.png" alt="Hero">',
    );
    const result = checkImages(content, assets, ORGANIZATION);
    expect(result).toEqual({
      name: 'images',
      status: 'pass',
      message: 'Every image has alt text and a published, secure source.',
    });
  });

  it('warns for missing alt text and http, fails for a missing or unpublished asset, warns for a large one', async () => {
    const content = await emailFixture(
      [
        '<img src="https://cdn.example.com/a.png">',
        '<img src="http://cdn.example.com/b.png" alt="B">',
        '<img src="/media/7/99/gone.png" alt="Gone">',
        '<img src="/media/7/2/draft.png" alt="Draft">',
        '<img src="/media/7/3/poster.png" alt="Poster">',
        '<img alt="Nothing">',
      ].join(''),
    );
    expect(imageAssetIds(content, ORGANIZATION)).toEqual([99, 2, 3]);
    const result = checkImages(content, assets, ORGANIZATION);
    expect(result.status).toBe('fail');
    expect(result.details).toEqual([
      'Image “a.png” has no alt text: describe it.',
      'Image “b.png” is on http: use its https address.',
      'Image “gone.png” is an asset that no longer exists: choose another picture.',
      'Asset “Draft banner” is not published: publish it or choose another picture.',
      'Asset “Poster” is 1.0 MB: use an image under 1 MB.',
      'An image has no source: choose its picture or remove it.',
    ]);
  });

  it('reads only the organization’s own asset paths', () => {
    expect(assetIdOf('https://harbour.test/media/7/12/a.png', 7)).toBe(12);
    expect(assetIdOf('https://harbour.test/media/8/12/a.png', 7)).toBeUndefined();
    expect(assetIdOf('https://cdn.example.com/a.png', 7)).toBeUndefined();
  });
});
