import { describe, expect, it } from 'vitest';
import { channelFixture, emailFixture } from './check-fixtures.ts';
import { checkTrackingImage } from './tracking-image-check.ts';

describe('trackingImage check', () => {
  it('passes an e-mail, saying Herald adds the image when it sends', async () => {
    expect(
      checkTrackingImage(await emailFixture('<img src="https://example.com/a.png" alt="A" width="600">')),
    ).toEqual({
      name: 'trackingImage',
      status: 'pass',
      message: 'Herald adds the open-tracking image when it sends.',
    });
  });

  it('warns another tool’s tracking pixel', async () => {
    const content = await emailFixture(
      '<img src="https://pixel.tracker.example/o.gif?id=1" width="1" height="1" alt="">',
    );
    expect(checkTrackingImage(content)).toMatchObject({
      status: 'warn',
      message:
        'A 1×1 image from pixel.tracker.example tracks opens for another tool: remove it, Herald adds its own.',
    });
  });

  it('passes a channel without open tracking', async () => {
    expect(checkTrackingImage(await channelFixture('sms', { sms: { text: 'Hi' } })).status).toBe('pass');
  });
});
