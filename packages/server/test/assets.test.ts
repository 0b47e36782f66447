import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { uploadFiles, waitForJob } from './support/uploads.ts';
import { addPartition, connectAs } from './subscriber-fixtures.ts';
import { GIF, HTML_PAGE, PNG, SAFE_SVG, SCRIPTED_SVG, uploadAssets, zipOf } from './asset-fixtures.ts';

interface Asset {
  id: number;
  name: string;
  kind: string;
  fileType: string;
  contentType: string;
  fileName: string;
  size: number;
  sha256: string;
  path: string;
  previewPath: string;
  altText: string;
  description: string;
  tags: string[];
  deviceType: string;
  isPublished: boolean;
  isArchived: boolean;
  partitionIds: number[];
  version: number;
}

describe('assets', () => {
  let herald: TestHerald;
  let organizationId: number;
  let editor: Awaited<ReturnType<typeof connectAs>>;
  let reader: ChannelClient;
  let north: { setId: number; partitionId: number };
  const closers: Array<() => void> = [];

  const connect = async (roles: string[], partitionsets: number[] = []) => {
    const connection = await connectAs(herald, organizationId, roles, partitionsets);
    closers.push(() => connection.close());
    return connection;
  };
  const url = (path: string) => `http://127.0.0.1:${herald.port}${path}`;
  const upload = async (name: string, content: Buffer | string) => {
    const reply = await uploadAssets(herald, {
      jwt: editor.token,
      organizationId,
      files: [{ name, content }],
    });
    expect(reply.body.error).toBeUndefined();
    return reply.body.files![0]!;
  };
  const create = async (params: Record<string, unknown>, client = editor.channel) =>
    client.call<Asset>('createAsset', { organizationId, ...params });
  const createFrom = async (name: string, content: Buffer | string, params: Record<string, unknown> = {}) =>
    create({ fileId: (await upload(name, content)).fileId, ...params });
  const update = async (asset: Asset, fields: Record<string, unknown>, client = editor.channel) =>
    client.request('writeRecords', {
      organizationId,
      type: 'asset',
      data: [{ id: asset.id, version: asset.version, ...fields }],
    });
  const query = async (client: ChannelClient, filter: Record<string, unknown>, extra = {}) =>
    client.call<{ records: Asset[]; total: number }>('query', {
      organizationId,
      query: { type: 'asset', filter },
      limit: 20,
      ...extra,
    });
  const counts = async () => ({
    assets: Number(
      (
        await herald.database.db
          .selectFrom('asset')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    uploads: Number(
      (
        await herald.database.db
          .selectFrom('upload')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    north = await addPartition(herald, organizationId, 'Northgate');
    editor = await connect(['Content.Edit']);
    reader = (await connect(['Database.Read'])).channel;
  });
  afterAll(async () => {
    for (const close of closers) close();
    await herald.stop();
  });

  describe('upload and createAsset', () => {
    it('creates an image from an upload, unpublished, and serves it only once published', async () => {
      const uploaded = await upload('logo.png', PNG);
      expect(uploaded).toMatchObject({ fileName: 'logo.png', fileType: 'png', size: PNG.length });
      const asset = await create({ fileId: uploaded.fileId, altText: 'Harbour Pizza logo', tags: ['Logo'] });
      expect(asset).toMatchObject({
        name: 'logo.png',
        kind: 'image',
        fileType: 'png',
        contentType: 'image/png',
        size: PNG.length,
        path: `/media/${organizationId}/${asset.id}/logo.png`,
        altText: 'Harbour Pizza logo',
        tags: ['Logo'],
        deviceType: 'all',
        isPublished: false,
        isArchived: false,
      });
      expect(asset.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(asset.previewPath).toMatch(new RegExp(`^${asset.path}\\?preview=[0-9a-f]{32}$`));
      expect((await fetch(url(asset.path))).status).toBe(404);

      const { url: previewUrl } = await reader.call<{ url: string }>('getAssetPreviewUrl', {
        organizationId,
        assetId: asset.id,
      });
      const preview = await fetch(url(previewUrl));
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toBe('private, no-store');
      expect(Buffer.from(await preview.arrayBuffer())).toEqual(PNG);
      expect((await fetch(url(`${asset.path}?preview=${'0'.repeat(32)}`))).status).toBe(404);

      const published = await update(asset, { isPublished: true });
      expect(published.error).toBeUndefined();
      const served = await fetch(url(asset.path));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('public, max-age=604800');
      expect(served.headers.get('etag')).toBe(`"${asset.sha256}"`);
      expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
      const revalidated = await fetch(url(asset.path), { headers: { 'if-none-match': `"${asset.sha256}"` } });
      expect(revalidated.status).toBe(304);
      expect((await fetch(url(`/media/${organizationId}/${asset.id}/other.png`))).status).toBe(404);
      expect((await fetch(url(`/media/${organizationId + 1}/${asset.id}/logo.png`))).status).toBe(404);
    });

    it('refuses an "image" that is really HTML with a clear error, keeping nothing', async () => {
      const before = await counts();
      const reply = await uploadAssets(herald, {
        jwt: editor.token,
        organizationId,
        files: [{ name: 'photo.png', content: HTML_PAGE }],
      });
      expect(reply.status).toBe(415);
      expect(reply.body.error).toEqual({
        type: 'AssetFileUnsupportedError',
        message:
          'This file is not a PNG, JPEG, GIF, WebP or SVG image or an HTML snippet. Its content decides, not its name.',
      });
      expect(await counts()).toEqual(before);
    });

    it('refuses an upload over 10 MB with AssetTooLargeError, keeping nothing', async () => {
      const before = await counts();
      const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
      const reply = await uploadAssets(herald, {
        jwt: editor.token,
        organizationId,
        files: [{ name: 'huge.png', content: big }],
      });
      expect(reply.status).toBe(413);
      expect(reply.body.error).toEqual({
        type: 'AssetTooLargeError',
        message: 'The file is larger than the 10 MiB asset limit.',
      });
      expect(await counts()).toEqual(before);
    });

    it('refuses an SVG with script, and serves a safe SVG with a CSP sandbox', async () => {
      const before = await counts();
      const reply = await uploadAssets(herald, {
        jwt: editor.token,
        organizationId,
        files: [{ name: 'badge.svg', content: SCRIPTED_SVG }],
      });
      expect(reply.status).toBe(415);
      expect(reply.body.error?.type).toBe('UnsafeSvgError');
      expect(await counts()).toEqual(before);
      // Typed in as a snippet, the same SVG is checked the same way.
      expect(
        (await editor.channel.request('createAsset', { organizationId, html: SCRIPTED_SVG })).error?.type,
      ).toBe('UnsafeSvgError');

      const safe = await createFrom('badge.svg', SAFE_SVG, { isPublished: true });
      expect(safe).toMatchObject({ kind: 'image', fileType: 'svg', contentType: 'image/svg+xml' });
      const served = await fetch(url(safe.path));
      expect(served.headers.get('content-type')).toBe('image/svg+xml');
      expect(served.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    });

    it('creates an HTML snippet typed in, served as HTML in a sandbox', async () => {
      const snippet = await create({
        html: '<p>Order by <b>6pm</b></p>',
        name: 'Order cut-off',
        isPublished: true,
      });
      expect(snippet).toMatchObject({ kind: 'html', fileType: 'html', fileName: 'order-cut-off.html' });
      const served = await fetch(url(snippet.path));
      expect(served.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(served.headers.get('content-security-policy')).toContain('sandbox');
      expect(await served.text()).toBe('<p>Order by <b>6pm</b></p>');
      expect(
        (await editor.channel.request('createAsset', { organizationId, html: 'just words' })).error?.type,
      ).toBe('AssetFileUnsupportedError');
    });

    it('keeps import uploads and asset uploads apart', async () => {
      const csv = await uploadFiles(herald, {
        jwt: (await connect(['System.Admin'])).token,
        organizationId,
        files: [{ name: 'people.csv', content: 'email\na@example.com\n' }],
      });
      expect(csv.status).toBe(200);
      const asImage = await editor.channel.request('createAsset', {
        organizationId,
        fileId: csv.body.files![0]!.fileId,
      });
      expect(asImage.error?.type).toBe('UploadNotFoundError');
      const png = await upload('logo.png', PNG);
      const admin = await connect(['System.Admin']);
      const asImport = await admin.channel.request('previewImportFile', {
        organizationId,
        fileId: png.fileId,
      });
      expect(asImport.error?.type).toBe('UploadNotFoundError');
    });

    it('lets content editors upload assets and refuses others', async () => {
      const manager = await connect(['Database.Manage']);
      const refused = await uploadAssets(herald, {
        jwt: manager.token,
        organizationId,
        files: [{ name: 'logo.png', content: PNG }],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.type).toBe('PrivilegesError');
      expect((await reader.request('createAsset', { organizationId, html: '<p>x</p>' })).error?.type).toBe(
        'PrivilegesError',
      );
    });
  });

  describe('query and writeRecords', () => {
    it('answers the views all, published and archived, and archives with undo', async () => {
      const draft = await createFrom('draft.gif', GIF, { name: 'Draft banner', deviceType: 'mobile' });
      const live = await createFrom('live.gif', GIF, { name: 'Live banner', isPublished: true });
      const ids = (records: Asset[]) => records.map((record) => record.id);
      expect(ids((await query(reader, { view: 'all' })).records)).toEqual(
        expect.arrayContaining([draft.id, live.id]),
      );
      const published = ids((await query(reader, { view: 'published' })).records);
      expect(published).toContain(live.id);
      expect(published).not.toContain(draft.id);

      const archived = await update(live, { isArchived: true });
      expect(archived.error).toBeUndefined();
      const stored = (archived.result as { records: Asset[] }).records[0]!;
      expect(ids((await query(reader, { view: 'archived' })).records)).toContain(live.id);
      expect(ids((await query(reader, { view: 'all' })).records)).not.toContain(live.id);
      expect((await update(stored, { name: 'Renamed' })).error?.type).toBe('ItemNotEditableError');
      expect((await update(stored, { isArchived: false })).error).toBeUndefined();
      expect(ids((await query(reader, { view: 'all' })).records)).toContain(live.id);

      expect((await query(reader, { deviceType: 'mobile', id: draft.id })).total).toBe(1);
      expect((await query(reader, { view: 'sometimes' }).catch((error: Error) => error)).toString()).toMatch(
        /ValidationError/,
      );
    });

    it('updates metadata and finds assets by tag, 20 a page', async () => {
      const asset = await createFrom('menu.png', PNG);
      const reply = await update(asset, {
        name: 'Winter menu',
        altText: 'Our winter menu',
        description: 'Four pizzas, one soup',
        tags: ['Menu', 'winter', 'MENU'],
        deviceType: 'desktop',
      });
      expect(reply.error).toBeUndefined();
      expect((reply.result as { records: Asset[] }).records[0]).toMatchObject({
        name: 'Winter menu',
        altText: 'Our winter menu',
        tags: ['Menu', 'winter'],
        deviceType: 'desktop',
      });
      expect((await query(reader, { tag: 'WINTER' })).records.map((record) => record.id)).toEqual([asset.id]);
      expect((await update(asset, { name: 'stale' })).error?.type).toBe('StaleRecordError');
      const created = await editor.channel.request('writeRecords', {
        organizationId,
        type: 'asset',
        data: [{ name: 'No file' }],
      });
      expect(created.error?.type).toBe('ValidationError');
      expect((await query(reader, {}, { limit: 20 })).records.length).toBeLessThanOrEqual(20);
      expect((await update(asset, { tags: [] }, reader)).error?.type).toBe('PrivilegesError');
    });

    it('shows a partition-restricted user only the assets of their partitions', async () => {
      const northEditor = await connect(['Content.Edit'], [north.setId]);
      const theirs = await createFrom('north.png', PNG, {}).then((asset) => asset);
      const own = await create(
        { fileId: (await upload('northgate.png', PNG)).fileId, partitionIds: [north.partitionId] },
        northEditor.channel,
      );
      const seen = (await query(northEditor.channel, {}, { limit: 1000 })).records.map((record) => record.id);
      expect(seen).toContain(own.id);
      expect(seen).not.toContain(theirs.id);
      const byDefault = await create({ html: '<p>Northgate only</p>' }, northEditor.channel);
      expect(byDefault.partitionIds).toEqual([north.partitionId]);
    });

    it('pushes created and changed assets to subscribers', async () => {
      const watcher = await connect(['Database.Read']);
      await watcher.channel.call('addSubscription', { organizationId, query: { type: 'asset' } });
      const asset = await createFrom('pushed.png', PNG);
      await expect
        .poll(() =>
          watcher.channel.pushes.some(
            (push) =>
              (push as { data?: { type?: string; records?: Array<{ id: number }> } }).data?.type ===
                'asset' &&
              (push as { data: { records: Array<{ id: number }> } }).data.records.some(
                (record) => record.id === asset.id,
              ),
          ),
        )
        .toBe(true);
    });
  });

  describe('getAssetUsage', () => {
    it('lists the activities whose latest revision uses the asset', async () => {
      const asset = await createFrom('hero.png', PNG, { isPublished: true });
      const campaign = await editor.channel.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId,
        type: 'campaign',
        data: [{ name: 'Spring', startDate: '2026-09-01' }],
      });
      const activities = await editor.channel.call<{ records: Array<{ id: number }> }>('writeRecords', {
        organizationId,
        type: 'activity',
        data: [
          { campaignId: campaign.records[0]!.id, type: 'email', name: 'With the hero' },
          { campaignId: campaign.records[0]!.id, type: 'email', name: 'Without it' },
        ],
      });
      const [using, other] = activities.records;
      const save = (activityId: number, html: string) =>
        editor.channel.call('saveActivityRevision', {
          organizationId,
          activityId,
          content: { schemaVersion: 3, channels: { email: { subject: 'Spring', html } } },
        });
      await save(using!.id, `<img src="http://localhost:8080${asset.path}" alt="">`);
      await save(other!.id, '<p>No pictures</p>');
      const { activities: used } = await reader.call<{
        activities: Array<{ activityId: number; name: string }>;
      }>('getAssetUsage', { organizationId, assetId: asset.id });
      expect(used).toEqual([expect.objectContaining({ activityId: using!.id, name: 'With the hero' })]);
      // The latest revision decides: once the image is taken out, the asset is no longer used there.
      await save(using!.id, '<p>Hero removed</p>');
      expect(
        (await reader.call<{ activities: unknown[] }>('getAssetUsage', { organizationId, assetId: asset.id }))
          .activities,
      ).toEqual([]);
      expect((await reader.request('getAssetUsage', { organizationId, assetId: 999_999 })).error?.type).toBe(
        'AssetNotFoundError',
      );
    });
  });

  describe('importAssets', () => {
    it('imports a zip of images and snippets as a job, each file imported or refused with its reason', async () => {
      const zip = await zipOf([
        { name: 'summer/banner.png', content: PNG },
        { name: 'summer/badge.svg', content: SAFE_SVG },
        { name: 'footer.html', content: '<p>Harbour Pizza, 1 Quay St</p>' },
        { name: 'fake.png', content: HTML_PAGE },
        { name: 'evil.svg', content: SCRIPTED_SVG },
        { name: 'readme.txt', content: 'hello' },
        { name: '__MACOSX/summer/._banner.png', content: 'junk' },
      ]);
      const uploaded = await upload('campaign.zip', zip);
      expect(uploaded.fileType).toBe('zip');
      const { jobId } = await editor.channel.call<{ jobId: number }>('importAssets', {
        organizationId,
        fileIds: [uploaded.fileId, (await upload('loose.gif', GIF)).fileId],
        isPublished: true,
        tags: ['Summer'],
      });
      const job = await waitForJob(editor.channel, organizationId, jobId);
      expect(job.status).toBe('succeeded');
      expect(job.progress).toEqual({ done: 7, total: 7 });
      const result = job.result as {
        imported: number;
        refused: number;
        files: Array<{ fileName: string; status: string; assetId?: number; error?: { type: string } }>;
      };
      expect(result.imported).toBe(4);
      expect(result.refused).toBe(3);
      expect(result.files.map((file) => [file.fileName, file.status, file.error?.type])).toEqual([
        ['summer/banner.png', 'imported', undefined],
        ['summer/badge.svg', 'imported', undefined],
        ['footer.html', 'imported', undefined],
        ['fake.png', 'refused', 'AssetFileUnsupportedError'],
        ['evil.svg', 'refused', 'UnsafeSvgError'],
        ['readme.txt', 'refused', 'AssetFileUnsupportedError'],
        ['loose.gif', 'imported', undefined],
      ]);
      const imported = await query(reader, {
        id: result.files.flatMap((file) => (file.assetId ? [file.assetId] : [])),
      });
      expect(imported.records.every((asset) => asset.isPublished && asset.tags.includes('Summer'))).toBe(
        true,
      );
      expect(imported.records.map((asset) => asset.name).sort()).toEqual([
        'badge.svg',
        'banner.png',
        'footer.html',
        'loose.gif',
      ]);
    });

    it('refuses a zip with no images at once, queueing nothing', async () => {
      const before = await counts();
      const zip = await zipOf([
        { name: 'notes.txt', content: 'nothing to see' },
        { name: 'data.csv', content: 'a,b' },
      ]);
      const uploaded = await upload('empty.zip', zip);
      const reply = await editor.channel.request('importAssets', {
        organizationId,
        fileIds: [uploaded.fileId],
      });
      expect(reply.error).toEqual({
        type: 'AssetImportEmptyError',
        message: 'There is no image or HTML snippet in what was uploaded.',
      });
      expect((await counts()).assets).toBe(before.assets);
      const jobs = await herald.database.db
        .selectFrom('job')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('kind', '=', 'assetImport')
        .execute();
      expect(jobs).toHaveLength(1);
    });

    it('refuses an upload that is not a zip, image or snippet', async () => {
      const reply = await uploadAssets(herald, {
        jwt: editor.token,
        organizationId,
        files: [{ name: 'doc.pdf', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') }],
      });
      expect(reply.status).toBe(415);
      expect(reply.body.error?.type).toBe('AssetFileUnsupportedError');
    });
  });
});
