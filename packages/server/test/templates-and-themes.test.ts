import { randomBytes } from 'node:crypto';
import { ACTIVITY_THEME_STYLE_DEFAULTS, designToMjml, type EmailDesign } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelClient } from './support/channel-client.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { templatePackageFiles, templatePackageZip, zipOf } from './support/template-packages.ts';
import { uploadFiles } from './support/uploads.ts';
import { connectAs } from './subscriber-fixtures.ts';

interface Template {
  id: number;
  name: string;
  url: string;
  isNative: boolean;
  version: string;
  hash: string;
  description: string;
  isStarter: boolean;
}
interface Theme {
  id: number;
  themeName: string;
  isLocked: boolean;
  version: number;
  style: { body: { width: string }; text: { fontSize: string }; primaryButton: Record<string, string> };
  language: string;
  policies: { lock: boolean };
  analytics: Record<string, string>;
}
interface ActivityTheme {
  id: number;
  name: string;
  description: string;
  content: string;
  isDeleted: boolean;
}

describe('templates and themes', () => {
  let herald: TestHerald;
  let organizationId: number;
  let editor: Awaited<ReturnType<typeof connectAs>>;
  let reader: Awaited<ReturnType<typeof connectAs>>;

  const query = async <T>(
    client: ChannelClient,
    type: string,
    filter: Record<string, unknown> = {},
    extra = {},
  ) =>
    (
      await client.call<{ records: T[] }>('query', {
        organizationId,
        query: { type, filter },
        limit: 100,
        ...extra,
      })
    ).records;
  const templateCount = async () =>
    Number(
      (
        await herald.database.db
          .selectFrom('template')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const upload = async (content: Buffer, name = 'package.zip', who = editor) =>
    uploadFiles(herald, {
      jwt: who.token,
      organizationId,
      purpose: 'templatePackage',
      files: [{ name, content }],
    });
  const importPackage = async (content: Buffer, extra: Record<string, unknown> = {}) => {
    const uploaded = await upload(content);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    return editor.channel.request('importTemplatePackage', {
      organizationId,
      uploadId: uploaded.body.files![0]!.fileId,
      ...extra,
    });
  };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald, 'Harbour Pizza');
    editor = await connectAs(herald, organizationId, ['Content.Edit']);
    reader = await connectAs(herald, organizationId, ['Database.Read']);
  });
  afterAll(async () => {
    editor.close();
    reader.close();
    await herald.stop();
  });

  describe('template', () => {
    it('gives every new organization the three native starter templates, sorted by name', async () => {
      const templates = await query<Template>(reader.channel, 'template');
      expect(templates.map((template) => template.name)).toEqual(['Newsletter', 'Promotion', 'Welcome']);
      for (const template of templates) {
        expect(template).toMatchObject({ isNative: true, isStarter: true, version: '1.0.0' });
        expect(template.url).toContain('v5_');
        expect(template.hash).toMatch(/^[0-9a-f]{64}$/);
      }
    });

    it('answers a template’s content by templateUrl: MJML with Liquid and the unsubscribe link', async () => {
      const records = await query<Record<string, unknown>>(
        reader.channel,
        'templateContent',
        { templateUrl: 'v5_starter-welcome' },
        { limit: 1 },
      );
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        templateUrl: 'v5_starter-welcome',
        codeType: 'mjml',
        name: 'Welcome',
      });
      expect(records[0]!.productionCode).toContain('{{ subscriber.firstname | default: "there" }}');
      expect(records[0]!.productionCode).toContain('{{ unsubscribe_url }}');
      expect(records[0]!.sample).toMatchObject({ subscriber: { firstname: 'Alex' } });
      expect(Array.isArray(records[0]!.profiles)).toBe(true);
      expect(records[0]!.dataDescription).toContain('<data>');
      // The welcome starter is written in the native editor's blocks: it carries the design its code is from.
      const design = records[0]!.design as { sections: unknown[] } | undefined;
      expect(design?.sections.length).toBeGreaterThan(0);
      expect(records[0]!.productionCode).toBe(designToMjml(design as EmailDesign));
      const newsletter = await query<Record<string, unknown>>(
        reader.channel,
        'templateContent',
        { templateUrl: 'v5_starter-newsletter' },
        { limit: 1 },
      );
      expect(newsletter[0]).not.toHaveProperty('design');
    });

    it('answers a template list asked for without an organization with the catalogue’s error', async () => {
      for (const type of ['template', 'templateContent']) {
        const reply = await reader.channel.request('query', { query: { type }, limit: 100 });
        expect(reply.error).toMatchObject({
          type: 'TemplateListWithoutOrganizationError',
          message: 'Unable to fetch template list without organization',
        });
      }
      // Other types without an organization are a missing parameter, as before.
      const campaigns = await reader.channel.request('query', { query: { type: 'campaign' } });
      expect(campaigns.error?.type).toBe('MissingParameterError');
    });

    it('renders each starter to HTML with mjml', async () => {
      const { default: mjml2html } = await import('mjml');
      const records = await query<{ productionCode: string }>(reader.channel, 'templateContent');
      expect(records).toHaveLength(3);
      for (const record of records) {
        const rendered = await mjml2html(record.productionCode, { validationLevel: 'strict' });
        expect(rendered.errors).toEqual([]);
        expect(rendered.html).toContain('<!doctype html>');
      }
    });
  });

  describe('importTemplatePackage', () => {
    it('imports an MJML package as a native template, stored with its sha-256', async () => {
      const zip = await templatePackageZip();
      const reply = await importPackage(zip);
      expect(reply.error).toBeUndefined();
      expect(reply.result).toMatchObject({ url: 'v5_spring-sale' });
      const [template] = await query<Template>(reader.channel, 'template', { url: 'v5_spring-sale' });
      const { createHash } = await import('node:crypto');
      expect(template).toMatchObject({
        name: 'Spring Sale',
        isNative: true,
        isStarter: false,
        version: '1.2.0',
        description: 'A spring offer',
        hash: createHash('sha256').update(zip).digest('hex'),
      });
      const [content] = await query<{ productionCode: string; codeType: string }>(
        reader.channel,
        'templateContent',
        {
          templateUrl: 'v5_spring-sale',
        },
      );
      expect(content).toMatchObject({ codeType: 'mjml' });
      expect(content!.productionCode).toContain('{{ unsubscribe_url }}');
    });

    it('imports an HTML package in a top folder under the name given; a second import replaces it', async () => {
      const files = {
        'letter/package.json': JSON.stringify({ version: '1.0.0' }),
        'letter/datadescription.xml': '<data />',
        'letter/test/sample.json': '{}',
        'letter/test/profiles.json': '[]',
        'letter/index.html': '<p>Hello {{ subscriber.firstname }}</p>',
      };
      const first = await importPackage(await zipOf(files), { name: 'Plain letter' });
      expect(first.result).toMatchObject({ url: 'plain-letter' });
      const second = await importPackage(
        await zipOf({ ...files, 'letter/package.json': JSON.stringify({ version: '2.0.0' }) }),
        { name: 'Plain letter' },
      );
      expect(second.result).toEqual(first.result);
      const templates = await query<Template>(reader.channel, 'template', { url: 'plain-letter' });
      expect(templates).toHaveLength(1);
      expect(templates[0]).toMatchObject({ isNative: false, version: '2.0.0' });
    });

    const malformed: Array<[string, () => Promise<Buffer>, string, string | undefined]> = [
      [
        'no package.json',
        () => templatePackageZip({ 'package.json': undefined }),
        'TemplatePackageMissingFileError',
        'package.json',
      ],
      [
        'no datadescription.xml',
        () => templatePackageZip({ 'datadescription.xml': undefined }),
        'TemplatePackageMissingFileError',
        'datadescription.xml',
      ],
      [
        'no test/profiles.json',
        () => templatePackageZip({ 'test/profiles.json': undefined }),
        'TemplatePackageMissingFileError',
        'test/profiles.json',
      ],
      [
        'no production code',
        () => templatePackageZip({ 'index.mjml': undefined }),
        'TemplatePackageMissingFileError',
        'index.mjml or index.html',
      ],
      [
        'bad JSON in package.json',
        () => templatePackageZip({ 'package.json': '{"version": ' }),
        'TemplatePackageInvalidJsonError',
        'package.json',
      ],
      [
        'bad JSON in test/sample.json',
        () => templatePackageZip({ 'test/sample.json': 'not json' }),
        'TemplatePackageInvalidJsonError',
        'test/sample.json',
      ],
      [
        'no version',
        () => templatePackageZip({ 'package.json': '{"name": "x"}' }),
        'TemplatePackageNoVersionError',
        undefined,
      ],
      [
        'a zip bomb (an entry inflating past the limit)',
        () => templatePackageZip({ 'index.mjml': Buffer.alloc(21 * 1024 * 1024, 0x20) }),
        'TemplatePackageTooLargeError',
        '20 MiB unpacked',
      ],
      [
        'too many entries',
        () =>
          zipOf({
            ...templatePackageFiles(),
            ...Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`extra/${index}.txt`, 'x'])),
          }),
        'TemplatePackageTooLargeError',
        '200 files',
      ],
      [
        'not a zip, though it starts like one',
        async () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]),
        'TemplatePackageNotZipError',
        undefined,
      ],
    ];
    it.each(malformed)(
      'refuses %s with a clear error and stores nothing',
      async (_case, build, type, file) => {
        const before = await templateCount();
        const reply = await importPackage(await build());
        expect(reply.error?.type).toBe(type);
        if (file) expect(reply.error?.message).toContain(file);
        expect(await templateCount()).toBe(before);
      },
    );

    it('refuses, at upload, a file that is not a zip and one over the package size', async () => {
      const text = await upload(Buffer.from('email\nsam@example.com\n'), 'list.csv');
      expect(text.status).toBe(415);
      expect(text.body.error?.type).toBe('TemplatePackageNotZipError');
      const large = await upload(
        await zipOf({ 'big.bin': randomBytes(11 * 1024 * 1024) }, { compress: false }),
      );
      expect(large.status).toBe(413);
      expect(large.body.error).toMatchObject({ type: 'TemplatePackageTooLargeError' });
      expect(large.body.error?.message).toContain('10 MiB');
    });

    it('refuses an import file’s upload as a package, and a package’s zip as an import file', async () => {
      const manager = await connectAs(herald, organizationId, ['Database.Manage', 'Content.Edit']);
      const csv = await uploadFiles(herald, {
        jwt: manager.token,
        organizationId,
        files: [{ name: 'list.csv', content: 'email\nsam@example.com\n' }],
      });
      expect(csv.status).toBe(200);
      const asPackage = await manager.channel.request('importTemplatePackage', {
        organizationId,
        uploadId: csv.body.files![0]!.fileId,
      });
      expect(asPackage.error?.type).toBe('TemplatePackageNotZipError');
      const zip = await upload(await templatePackageZip(), 'package.zip', manager);
      const asImport = await manager.channel.request('previewImportFile', {
        organizationId,
        fileId: zip.body.files![0]!.fileId,
      });
      expect(asImport.error?.type).toBe('ImportFileUnsupported');
      manager.close();
    });

    it('lets only content editors upload a package', async () => {
      const refused = await upload(await templatePackageZip(), 'package.zip', reader);
      expect(refused.status).toBe(403);
      expect(refused.body.error?.type).toBe('PrivilegesError');
    });
  });

  describe('theme', () => {
    const write = (client: ChannelClient, data: unknown[]) =>
      client.request('writeRecords', { organizationId, type: 'theme', data });

    it('creates a theme from its name with every default of functional §3', async () => {
      const reply = await write(editor.channel, [{ themeName: 'Harbour brand', brandName: 'Harbour Pizza' }]);
      expect(reply.error).toBeUndefined();
      const [theme] = (reply.result as { records: Theme[] }).records;
      expect(theme).toMatchObject({
        themeName: 'Harbour brand',
        brandName: 'Harbour Pizza',
        language: 'en-AU',
        isLocked: false,
        policies: { lock: false },
        analytics: { campaign: '', medium: 'email', source: '' },
        style: {
          body: { width: '600px' },
          text: { fontSize: '14px' },
          primaryButton: { borderRadius: '20px', height: '40px' },
        },
      });
      const listed = await query<Theme>(reader.channel, 'theme', { id: theme!.id });
      expect(listed).toEqual([theme]);
    });

    it('updates the groups given, keeps the others, and refuses a stale version', async () => {
      const [created] = (
        (await write(editor.channel, [{ themeName: 'Groups', replyTo: 'reply@example.com' }])).result as {
          records: Theme[];
        }
      ).records;
      const reply = await write(editor.channel, [
        { id: created!.id, version: created!.version, analytics: { campaign: 'spring', source: 'herald' } },
      ]);
      const [updated] = (reply.result as { records: Array<Theme & { replyTo: string }> }).records;
      expect(updated).toMatchObject({
        replyTo: 'reply@example.com',
        analytics: { campaign: 'spring', medium: 'email' },
      });
      const stale = await write(editor.channel, [
        { id: created!.id, version: created!.version, brandName: 'x' },
      ]);
      expect(stale.error?.type).toBe('StaleRecordError');
    });

    it('refuses bad values with a ValidationError', async () => {
      const reply = await write(editor.channel, [{ themeName: 'Bad', style: { body: { width: 'wide' } } }]);
      expect(reply.error?.type).toBe('ValidationError');
    });

    it('locks a theme: every change but unlocking is refused, deleting too', async () => {
      const [theme] = (
        (await write(editor.channel, [{ themeName: 'Locked', policies: { lock: true } }])).result as {
          records: Theme[];
        }
      ).records;
      expect(theme!.isLocked).toBe(true);
      const edit = await write(editor.channel, [
        { id: theme!.id, version: theme!.version, brandName: 'Changed' },
      ]);
      expect(edit.error?.type).toBe('ItemNotEditableError');
      const remove = await write(editor.channel, [
        { id: theme!.id, version: theme!.version, isDeleted: true },
      ]);
      expect(remove.error?.type).toBe('ItemNotEditableError');
      expect(await query<Theme>(reader.channel, 'theme', { isLocked: true })).toHaveLength(1);
      const unlock = await write(editor.channel, [
        { id: theme!.id, version: theme!.version, policies: { lock: false } },
      ]);
      expect(unlock.error).toBeUndefined();
      expect((unlock.result as { records: Theme[] }).records[0]).toMatchObject({ isLocked: false });
    });

    it('soft-deletes a theme: it leaves the list; another write finds no theme', async () => {
      const [theme] = (
        (await write(editor.channel, [{ themeName: 'Short-lived' }])).result as { records: Theme[] }
      ).records;
      const removed = await write(editor.channel, [
        { id: theme!.id, version: theme!.version, isDeleted: true },
      ]);
      expect(removed.error).toBeUndefined();
      expect(await query<Theme>(reader.channel, 'theme', { id: theme!.id })).toEqual([]);
      expect(await query<Theme>(reader.channel, 'theme', { id: theme!.id, isDeleted: true })).toHaveLength(1);
      const again = await write(editor.channel, [
        { id: theme!.id, version: theme!.version + 1, brandName: 'x' },
      ]);
      expect(again.error?.type).toBe('NoThemeFoundError');
    });

    it('refuses writes to a reader', async () => {
      const reply = await write(reader.channel, [{ themeName: 'Not mine' }]);
      expect(reply.error?.type).toBe('PrivilegesError');
    });
  });

  describe('activity themes', () => {
    const save = (params: Record<string, unknown>, client = editor.channel) =>
      client.request('saveActivityTheme', { organizationId, ...params });

    it('saves a theme, its style merged over the defaults, and updates it by id', async () => {
      const saved = await save({
        name: 'Bold',
        description: 'Big buttons',
        content: JSON.stringify({ style: { buttonHeight: '48px' }, layout: 'wide' }),
      });
      expect(saved.error).toBeUndefined();
      const { id } = saved.result as { id: number };
      const [theme] = await query<ActivityTheme>(reader.channel, 'activityTheme', { id });
      expect(theme).toMatchObject({ name: 'Bold', description: 'Big buttons', isDeleted: false });
      expect(JSON.parse(theme!.content)).toEqual({
        layout: 'wide',
        style: { ...ACTIVITY_THEME_STYLE_DEFAULTS, buttonHeight: '48px' },
      });
      const updated = await save({ id, name: 'Bolder', content: '{}' });
      expect(updated.result).toEqual({ id });
      const [after] = await query<ActivityTheme>(reader.channel, 'activityTheme', { id });
      expect(after).toMatchObject({ name: 'Bolder', description: '' });
      expect(JSON.parse(after!.content)).toEqual({ style: ACTIVITY_THEME_STYLE_DEFAULTS });
    });

    it.each([
      ['not JSON', '{style:'],
      ['JSON that is not an object', '[1, 2]'],
      ['a style that is not an object', '{"style": "red"}'],
    ])('refuses content that is %s with a ValidationError', async (_case, content) => {
      const reply = await save({ name: 'Broken', content });
      expect(reply.error?.type).toBe('ValidationError');
      expect(await query<ActivityTheme>(reader.channel, 'activityTheme', { name: 'Broken' })).toEqual([]);
    });

    it('copies a theme (isCopied) and soft-deletes one (isDeleted)', async () => {
      const { id } = (await save({ name: 'Original', content: '{"style":{"width":"640px"}}' })).result as {
        id: number;
      };
      const copy = await editor.channel.request('copyActivityTheme', { organizationId, id, isCopied: true });
      const copyId = (copy.result as { id: number }).id;
      const [copied] = await query<ActivityTheme>(reader.channel, 'activityTheme', { id: copyId });
      const [original] = await query<ActivityTheme>(reader.channel, 'activityTheme', { id });
      expect(copied).toMatchObject({ name: 'Original (copy)', content: original!.content });
      const removed = await editor.channel.request('deleteActivityTheme', {
        organizationId,
        id,
        isDeleted: true,
      });
      expect(removed.error).toBeUndefined();
      expect(await query<ActivityTheme>(reader.channel, 'activityTheme', { id })).toEqual([]);
      expect(
        await query<ActivityTheme>(reader.channel, 'activityTheme', { id, isDeleted: true }),
      ).toHaveLength(1);
      const again = await editor.channel.request('deleteActivityTheme', {
        organizationId,
        id,
        isDeleted: true,
      });
      expect(again.error?.type).toBe('NotFoundError');
      const copyDeleted = await editor.channel.request('copyActivityTheme', {
        organizationId,
        id,
        isCopied: true,
      });
      expect(copyDeleted.error?.type).toBe('NotFoundError');
    });

    it('keeps another organization’s themes out of reach', async () => {
      const otherId = await createOrganization(herald, 'Other Co');
      const other = await connectAs(herald, otherId, ['Content.Edit']);
      const { id } = (await save({ name: 'Ours', content: '{}' })).result as { id: number };
      const copy = await other.channel.request('copyActivityTheme', {
        organizationId: otherId,
        id,
        isCopied: true,
      });
      expect(copy.error?.type).toBe('NotFoundError');
      const themes = await other.channel.call<{ records: unknown[] }>('query', {
        organizationId: otherId,
        query: { type: 'activityTheme' },
      });
      expect(themes.records).toEqual([]);
      other.close();
    });

    it('refuses the calls to a reader', async () => {
      expect((await save({ name: 'Nope', content: '{}' }, reader.channel)).error?.type).toBe(
        'PrivilegesError',
      );
    });
  });
});
