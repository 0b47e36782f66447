import { createHash } from 'node:crypto';
import { displayAdContentSchema } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  IAB_AD_SIZES,
  hashIdentifier,
  normalizeEmail,
  normalizePhone,
  orderedSizes,
} from './displayAdAudience.ts';

describe('display ad audience', () => {
  it('normalizes e-mail addresses and phone numbers as ad platforms match them', () => {
    expect(normalizeEmail('  Alex.Sample@Example.COM ')).toBe('alex.sample@example.com');
    expect(normalizePhone('+61 (400) 000-000')).toBe('+61400000000');
    expect(normalizePhone('n/a')).toBe('');
  });

  it('hashes with SHA-256 in lower-case hex', async () => {
    const expected = createHash('sha256').update('alex.sample@example.com').digest('hex');
    expect(await hashIdentifier('alex.sample@example.com')).toBe(expected);
  });

  it('offers only sizes the content schema accepts, and orders chosen sizes as the list does', () => {
    const sizes = IAB_AD_SIZES.map((entry) => entry.size);
    expect(displayAdContentSchema.safeParse({ audienceName: 'A', sizes }).success).toBe(true);
    expect(orderedSizes(['970x250', '300x250', '999x1'])).toEqual(['300x250', '970x250', '999x1']);
  });
});
