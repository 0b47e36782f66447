import { designToMjml, type EmailDesign } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { connectAs } from './subscriber-fixtures.ts';

/**
 * renderPreview renders a designed e-mail from its design as things are now: a content block's
 * current content by id rather than the copy the block kept, and the chosen theme's current settings.
 */
describe('renderPreview of a designed e-mail', () => {
  let herald: TestHerald;
  let organizationId: number;
  let editor: ChannelClient;
  let campaignId: number;
  const closers: Array<() => void> = [];

  const write = async <R extends { id: number; version: number }>(type: string, data: unknown[]) =>
    (await editor.call<{ records: R[] }>('writeRecords', { organizationId, type, data })).records;

  /** Saves the e-mail as an activity's revision and answers the desktop HTML renderPreview gives it. */
  const previewOf = async (design: EmailDesign): Promise<string> => {
    const [activity] = await write('activity', [{ campaignId, type: 'email', name: 'Designed' }]);
    const email = { subject: 'Pizza', mjml: designToMjml(design), design };
    await editor.call('saveActivityRevision', {
      organizationId,
      activityId: activity!.id,
      content: { schemaVersion: 3, channels: { email } },
    });
    const result = await editor.call<{ html: string; errors: unknown[] }>('renderPreview', {
      organizationId,
      activityId: activity!.id,
    });
    expect(result.errors).toEqual([]);
    return result.html;
  };
  const designWith = (
    blocks: EmailDesign['sections'][number]['columns'][number]['blocks'],
    themeId?: number,
  ) =>
    ({
      version: 1,
      ...(themeId === undefined ? {} : { theme: { themeId } }),
      sections: [{ id: 's', columns: [{ id: 'c', blocks }] }],
    }) satisfies EmailDesign;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    const connection = await connectAs(herald, organizationId, ['Content.Edit']);
    closers.push(() => connection.close());
    editor = connection.channel;
    campaignId = (await write('campaign', [{ name: 'Winter menu', startDate: '2026-06-01' }]))[0]!.id;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  it('renders a content block’s current content by id, HTML or MJML, and nothing for one not chosen', async () => {
    const [offer, banner] = await write('contentBlock', [
      { name: 'Offer', content: '<p>Two for one</p>', isPublished: true },
      { name: 'Banner', format: 'mjml', content: '<mj-text>Free delivery</mj-text>', isPublished: true },
    ]);
    const design = designWith([
      {
        id: 'offer',
        type: 'contentBlock',
        contentBlockId: offer!.id,
        name: 'Offer',
        html: '<p>Old copy</p>',
      },
      { id: 'banner', type: 'contentBlock', contentBlockId: banner!.id, name: 'Banner', format: 'mjml' },
      { id: 'empty', type: 'contentBlock' },
    ]);
    const before = await previewOf(design);
    expect(before).toContain('Two for one');
    expect(before).not.toContain('Old copy');
    expect(before).toContain('Free delivery');
    expect(before).not.toContain('Content block');

    await write('contentBlock', [
      { id: offer!.id, version: offer!.version, content: '<p>Three for two</p>' },
    ]);
    const after = await previewOf(design);
    expect(after).toContain('Three for two');
  });

  it('renders the same design differently under two themes', async () => {
    const [narrow, wide] = await write('theme', [
      {
        themeName: 'Narrow serif',
        customFont: { family: 'Georgia, serif' },
        style: {
          body: { width: '480px', backgroundColor: '#fef3c7' },
          primaryButton: { borderRadius: '2px' },
        },
      },
      {
        themeName: 'Wide sans',
        customFont: { family: 'Verdana, sans-serif' },
        style: {
          body: { width: '700px', backgroundColor: '#e0f2fe' },
          primaryButton: { borderRadius: '30px' },
        },
      },
    ]);
    const blocks = [
      { id: 't', type: 'text', html: '<p>Hello</p>' },
      { id: 'b', type: 'button', text: 'Order', href: 'https://example.com' },
    ] as const;
    const plain = await previewOf(designWith([...blocks]));
    const first = await previewOf(designWith([...blocks], narrow!.id));
    const second = await previewOf(designWith([...blocks], wide!.id));
    expect(first).not.toBe(second);
    expect(first).toContain('max-width:480px');
    expect(first).toContain('Georgia, serif');
    expect(first).toContain('#fef3c7');
    expect(first).toContain('border-radius:2px');
    expect(second).toContain('max-width:700px');
    expect(second).toContain('Verdana, sans-serif');
    expect(second).toContain('#e0f2fe');
    expect(second).toContain('border-radius:30px');
    expect(plain).toContain('max-width:600px');
    expect(plain).not.toContain('Georgia');
  });
});
