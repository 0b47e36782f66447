import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import yazl from 'yazl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importLimits } from '../src/imports/import-limits.ts';
import { expireUploads, resetUploadExpiryClock } from '../src/uploads/upload-store.ts';
import {
  createOrganization,
  createUser,
  organizationConnection,
  organizationToken,
  signedIn,
  startTestHerald,
  uploadFiles,
  waitForJob,
  type ChannelClient,
  type TestHerald,
  type UploadPart,
} from './support/index.ts';

const defaultLimits = { ...importLimits };

function workbook(rows: unknown[][], bookType: 'xlsx' | 'biff8', merges: XLSX.Range[] = []): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  if (merges.length > 0) sheet['!merges'] = merges;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

async function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(entries)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('imports', () => {
  let herald: TestHerald;
  let organizationId: number;
  let channel: ChannelClient;
  let jwt: string;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const user = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const { session, sessionId } = await signedIn(herald, user);
    channel = await organizationConnection(herald, session, sessionId, organizationId);
    jwt = await organizationToken(session, sessionId, organizationId);
    await herald.database.db
      .insertInto('custom_field')
      .values([
        {
          organization_id: organizationId,
          type: 'subscriber',
          field: 'points',
          schema: '{"dataType":"number"}',
        },
        {
          organization_id: organizationId,
          type: 'subscriber',
          field: 'Loyalty_Tier',
          schema: '{"dataType":"text","values":["Bronze","Silver","Gold"]}',
        },
        {
          organization_id: organizationId,
          type: 'subscriber',
          field: 'member_code',
          schema: '{"dataType":"text"}',
          validation_regex: '^M[0-9]{3}$',
        },
      ])
      .execute();
  });
  afterAll(() => herald.stop());
  afterEach(() => Object.assign(importLimits, defaultLimits));

  const db = () => herald.database.db;

  async function upload(file: UploadPart) {
    return uploadFiles(herald, { jwt, organizationId, files: [file] });
  }

  async function newList(): Promise<number> {
    const row = await db()
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: `List ${Math.random()}`, partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function startImport(fileId: string, fields: (string | null)[], extra: Record<string, unknown> = {}) {
    const { jobId } = await channel.call<{ jobId: number }>('bulkWriteSubscribers', {
      organizationId,
      sourceName: 'test',
      fields,
      fileId,
      ...extra,
    });
    return waitForJob(channel, organizationId, jobId);
  }

  async function importFile(
    file: UploadPart,
    fields: (string | null)[],
    extra: Record<string, unknown> = {},
  ) {
    const uploaded = await upload(file);
    expect(uploaded.status).toBe(200);
    return startImport(uploaded.body.files![0]!.fileId, fields, extra);
  }

  async function subscriber(email: string) {
    return db()
      .selectFrom('subscriber')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  }

  describe('POST /uiv5-upload/', () => {
    it('recognises each type by content and answers its encoding', async () => {
      const reply = await uploadFiles(herald, {
        jwt,
        organizationId,
        files: [
          { name: 'a.csv', content: 'email,name\na@example.test,A\n' },
          { name: 'b.txt', content: 'email\tname\na@example.test\tA\n' },
          { name: 'c.csv', content: 'email;name;town\na@example.test;A;Lyon\n' },
          { name: 'not-excel.xlsx', content: 'email,name\n' },
          { name: 'latin.csv', content: Buffer.from('email,name\nz@example.test,Zo\xe9\n', 'latin1') },
          { name: 'd.xlsx', content: workbook([['email'], ['a@example.test']], 'xlsx') },
          { name: 'e.xls', content: workbook([['email'], ['a@example.test']], 'biff8') },
        ],
      });
      expect(reply.status).toBe(200);
      expect(reply.body.files!.map((file) => [file.fileName, file.fileType, file.encoding])).toEqual([
        ['a.csv', 'csv', 'utf-8'],
        ['b.txt', 'tsv', 'utf-8'],
        ['c.csv', 'csv', 'utf-8'],
        ['not-excel.xlsx', 'csv', 'utf-8'],
        ['latin.csv', 'csv', 'windows-1252'],
        ['d.xlsx', 'xlsx', 'binary'],
        ['e.xls', 'xls', 'binary'],
      ]);
      const stored = await db()
        .selectFrom('upload')
        .select(['id', 'organization_id', 'size'])
        .where('id', '=', reply.body.files![0]!.fileId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ organization_id: organizationId });
      expect(Number(stored.size)).toBe(Buffer.byteLength('email,name\na@example.test,A\n'));
    });

    it.each([
      ['a PNG', 'image.png', Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex')],
      ['a PDF', 'doc.pdf', Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')],
      ['UTF-16 text', 'wide.csv', Buffer.from('\ufeffemail,name\n', 'utf16le')],
    ])('refuses %s with ImportFileUnsupported (415)', async (_label, name, content) => {
      const reply = await upload({ name, content });
      expect(reply.status).toBe(415);
      expect(reply.body.error?.type).toBe('ImportFileUnsupported');
    });

    it('refuses a zip named .csv that is not a workbook', async () => {
      const reply = await upload({ name: 'data.csv', content: await zipOf({ 'data.csv': 'email\n' }) });
      expect(reply.status).toBe(415);
      expect(reply.body.error?.type).toBe('ImportFileUnsupported');
    });

    it('refuses a file over the size limit with ImportFileTooLargeError (413)', async () => {
      importLimits.maxTextFileBytes = 1000;
      const reply = await upload({ name: 'big.csv', content: `email\n${'a@example.test\n'.repeat(200)}` });
      expect(reply.status).toBe(413);
      expect(reply.body.error?.type).toBe('ImportFileTooLargeError');
      importLimits.maxTextFileBytes = defaultLimits.maxTextFileBytes;
      importLimits.maxWorkbookBytes = 100;
      const workbookReply = await upload({ name: 'big.xlsx', content: workbook([['email']], 'xlsx') });
      expect(workbookReply.status).toBe(413);
    });

    it('refuses a workbook that unpacks past its limit (a zip bomb) with ImportFileTooLargeError, counted as it inflates', async () => {
      importLimits.maxWorkbookInflatedBytes = 1024 * 1024;
      try {
        // 2 MB of one repeated cell: a few kilobytes compressed, the shape of a cell bomb at a small scale.
        const cells = '<c r="A1"><v>1</v></c>'.repeat(100_000);
        const bomb = await zipOf({
          '[Content_Types].xml': '<Types/>',
          'xl/workbook.xml': '<workbook/>',
          'xl/worksheets/sheet1.xml': `<worksheet><sheetData><row>${cells}</row></sheetData></worksheet>`,
        });
        expect(bomb.length).toBeLessThan(64 * 1024);
        const reply = await upload({ name: 'bomb.xlsx', content: bomb });
        expect(reply.status).toBe(413);
        expect(reply.body.error).toEqual({
          type: 'ImportFileTooLargeError',
          message: 'The file is larger than the 1 MiB unpacked import limit.',
        });
        // A workbook within the limit is taken.
        expect((await upload({ name: 'fine.xlsx', content: workbook([['email']], 'xlsx') })).status).toBe(
          200,
        );
      } finally {
        importLimits.maxWorkbookInflatedBytes = defaultLimits.maxWorkbookInflatedBytes;
      }
    });

    it('refuses a body that is not multipart', async () => {
      const response = await fetch(`http://127.0.0.1:${herald.port}/uiv5-upload/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jwt, organizationId }),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { type: string } }).error.type).toBe('ValidationError');
    });

    it('refuses a bad token, a user without database-manage and a foreign Origin', async () => {
      const bad = await uploadFiles(herald, {
        jwt: 'not-a-token',
        organizationId,
        files: [{ name: 'a.csv', content: 'email\n' }],
      });
      expect(bad.status).toBe(401);
      expect(bad.body.error?.type).toBe('OrgAuthenticationError');

      const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
      const { session, sessionId } = await signedIn(herald, reader);
      const readerJwt = await organizationToken(session, sessionId, organizationId);
      session.close();
      const refused = await uploadFiles(herald, {
        jwt: readerJwt,
        organizationId,
        files: [{ name: 'a.csv', content: 'email\n' }],
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.type).toBe('PrivilegesError');

      const foreign = await uploadFiles(herald, {
        jwt,
        organizationId,
        origin: 'https://evil.example',
        files: [{ name: 'a.csv', content: 'email\n' }],
      });
      expect(foreign.status).toBe(403);
      expect(foreign.body.error?.type).toBe('PrivilegesError');
    });
  });

  describe('previewImportFile', () => {
    it('answers the header, first rows and suggested fields', async () => {
      const uploaded = await upload({
        name: 'p.csv',
        content: 'E-mail,First name,Surname,Country,Points,Loyalty tier,Whatever\na@x.test,A,B,FR,3,Gold,?\n',
      });
      const preview = await channel.call<Record<string, unknown>>('previewImportFile', {
        organizationId,
        fileId: uploaded.body.files![0]!.fileId,
      });
      expect(preview).toEqual({
        fileType: 'csv',
        header: ['E-mail', 'First name', 'Surname', 'Country', 'Points', 'Loyalty tier', 'Whatever'],
        rows: [['a@x.test', 'A', 'B', 'FR', '3', 'Gold', '?']],
        suggestedFields: [
          'email',
          'firstname',
          'lastname',
          'country',
          'custom.points',
          'custom.Loyalty_Tier',
          null,
        ],
        warnings: [],
      });
    });

    it('answers ImportFileTooLargeError for a CSV whose quote never closes, past the longest row', async () => {
      importLimits.maxRowCharacters = 1000;
      const uploaded = await upload({ name: 'open.csv', content: `email\n"${'x'.repeat(300_000)}` });
      const reply = await channel.request('previewImportFile', {
        organizationId,
        fileId: uploaded.body.files![0]!.fileId,
      });
      expect(reply.error).toEqual({
        type: 'ImportFileTooLargeError',
        message: 'The file is larger than the 1,000-character row import limit.',
      });
    });

    it('warns when the whole header is one column holding another delimiter, and refuses its rows as addresses', async () => {
      const file = { name: 'pipes.csv', content: 'email|name\npipe1@x.test|Pipe\npipe2@x.test|Other\n' };
      const uploaded = await upload(file);
      const preview = await channel.call<{ header: string[]; warnings: unknown[] }>('previewImportFile', {
        organizationId,
        fileId: uploaded.body.files![0]!.fileId,
      });
      expect(preview.header).toEqual(['email|name']);
      expect(preview.warnings).toEqual([{ type: 'oneColumn', delimiter: '|' }]);
      const job = await startImport(uploaded.body.files![0]!.fileId, ['email']);
      expect(job.result).toMatchObject({ created: 0, rejected: 2, rows: 2 });
      const stored = await db()
        .selectFrom('subscriber')
        .select('email')
        .where('organization_id', '=', organizationId)
        .where('email', 'like', 'pipe%')
        .execute();
      expect(stored).toEqual([]);
    });

    it('answers ImportFileUnsupported for a zip whose workbook.xml is garbage, at preview and import', async () => {
      const content = await zipOf({ '[Content_Types].xml': '<x/>', 'xl/workbook.xml': '\u0001garbage<<<' });
      const uploaded = await upload({ name: 'broken.xlsx', content });
      const fileId = uploaded.body.files![0]!.fileId;
      const preview = await channel.request('previewImportFile', { organizationId, fileId });
      expect(preview.error?.type).toBe('ImportFileUnsupported');
      const reply = await channel.request('bulkWriteSubscribers', {
        organizationId,
        sourceName: 'test',
        fields: ['email'],
        fileId,
      });
      expect(reply.error?.type).toBe('ImportFileUnsupported');
    });

    it('reads a UTF-8 file with a byte-order mark as UTF-8, refusing only the row with a stray Latin-1 byte', async () => {
      const content = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('email,firstname\njose@bom.test,José\nbad@bom.test,Jos'),
        Buffer.from([0xe9]),
        Buffer.from('\n'),
      ]);
      const uploaded = await upload({ name: 'bom.csv', content });
      expect(uploaded.body.files?.[0]?.encoding).toBe('utf-8');
      const preview = await channel.call<{ header: string[] }>('previewImportFile', {
        organizationId,
        fileId: uploaded.body.files![0]!.fileId,
      });
      expect(preview.header).toEqual(['email', 'firstname']);
      const job = await startImport(uploaded.body.files![0]!.fileId, ['email', 'firstname']);
      expect(job.result).toMatchObject({ created: 1, rejected: 1, rows: 2 });
      expect((await subscriber('jose@bom.test')).firstname).toBe('José');
      const reasons = await db()
        .selectFrom('import_rejection')
        .select('reason')
        .where('job_id', '=', job.id)
        .execute();
      expect(reasons).toEqual([{ reason: 'firstname: has bytes that are not UTF-8 text' }]);
    });

    it('names merged header cells of a workbook distinctly', async () => {
      const content = workbook(
        [
          ['Contact', '', 'Name'],
          ['x1@example.test', 'ignored', 'Xavier'],
        ],
        'xlsx',
        [{ s: { r: 0, c: 0 }, e: { r: 0, c: 1 } }],
      );
      const uploaded = await upload({ name: 'book.xlsx', content });
      const preview = await channel.call<{ header: string[] }>('previewImportFile', {
        organizationId,
        fileId: uploaded.body.files![0]!.fileId,
      });
      expect(preview.header).toEqual(['Contact', 'Contact (2)', 'Name']);
    });

    it('forgets uploads after 24 hours', async () => {
      const uploaded = await upload({ name: 'old.csv', content: 'email\nold@x.test\n' });
      const fileId = uploaded.body.files![0]!.fileId;
      await db()
        .updateTable('upload')
        .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where('id', '=', fileId)
        .execute();
      const reply = await channel.request('previewImportFile', { organizationId, fileId });
      expect(reply.error?.type).toBe('UploadNotFoundError');
      resetUploadExpiryClock();
      expect(await expireUploads(db())).toBeGreaterThanOrEqual(1);
      const left = await db().selectFrom('upload').select('id').where('id', '=', fileId).execute();
      expect(left).toEqual([]);
    });

    it("refuses another organization's upload", async () => {
      const other = await createOrganization(herald);
      const row = await db()
        .insertInto('upload')
        .values({
          id: `foreign-${Date.now()}`,
          organization_id: other,
          file_name: 'x.csv',
          file_type: 'csv',
          encoding: 'utf-8',
          size: 1,
          path: '/nonexistent',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const reply = await channel.request('previewImportFile', { organizationId, fileId: row.id });
      expect(reply.error?.type).toBe('UploadNotFoundError');
    });
  });

  describe('bulkWriteSubscribers', () => {
    it('imports a CSV with a byte-order mark, CRLF, quoted newlines and blank lines into a list', async () => {
      const listId = await newList();
      const csv =
        '\uFEFFE-mail,First name,Surname,Note\r\n' +
        'ann@example.test,Ann,"Smith\r\nJones",x\r\n' +
        '\r\n' +
        'bob@example.test,Bob,Brown,y\r\n';
      const job = await importFile(
        { name: 'people.csv', content: csv },
        ['email', 'firstname', 'lastname', null],
        {
          listId,
        },
      );
      expect(job.status).toBe('succeeded');
      expect(job.result).toMatchObject({ created: 2, updated: 0, rejected: 0, rows: 2 });
      expect((await subscriber('ann@example.test')).lastname).toBe('Smith\r\nJones');
      const list = await db()
        .selectFrom('subscriber_list')
        .selectAll()
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
      expect(list).toMatchObject({ subscriber_count: 2, contactable_count: 2 });
      const memberships = await db()
        .selectFrom('list_membership')
        .selectAll()
        .where('list_id', '=', listId)
        .execute();
      expect(memberships.map((row) => [row.list_option, row.is_list_unsubscribed, row.source_name])).toEqual([
        ['optin', false, 'test'],
        ['optin', false, 'test'],
      ]);
    });

    it('reads a Latin-1 file, a TSV, an XLSX and an XLS', async () => {
      await importFile(
        { name: 'latin.csv', content: Buffer.from('email;firstname\nzoe@latin.test;Zo\xe9\n', 'latin1') },
        ['email', 'firstname'],
      );
      expect((await subscriber('zoe@latin.test')).firstname).toBe('Zoé');

      await importFile({ name: 't.tsv', content: 'email\tsuburb\ntab@tsv.test\tSt Kilda, East\n' }, [
        'email',
        'suburb',
      ]);
      expect((await subscriber('tab@tsv.test')).suburb).toBe('St Kilda, East');

      for (const bookType of ['xlsx', 'biff8'] as const) {
        const email = `${bookType}@book.test`;
        const job = await importFile(
          {
            name: `b.${bookType}`,
            content: workbook(
              [
                ['email', 'dob', 'points'],
                [email, new Date(Date.UTC(1990, 4, 17)), 0.1 + 0.2],
              ],
              bookType,
            ),
          },
          ['email', 'dob', 'custom.points'],
        );
        expect(job.result).toMatchObject({ created: 1, rejected: 0 });
        const row = await subscriber(email);
        expect(new Date(row.dob as unknown as string).toISOString().slice(0, 10)).toBe('1990-05-17');
        expect(row.custom).toEqual({ points: 0.3 });
      }
    });

    it('rejects bad rows with reasons and a downloadable report', async () => {
      const csv = [
        'email,dob,points,loyalty,code',
        'good@rej.test,1980-02-29,10,gold,M123',
        'not-an-email,,,,',
        'date@rej.test,1981-02-29,,,',
        'points@rej.test,,ten,,',
        'tier@rej.test,,,platinum,',
        'code@rej.test,,,,X1',
        'GOOD@rej.test,,,,',
        ',,,,',
        'alsogood@rej.test,17/05/1990,,,',
      ].join('\n');
      const job = await importFile({ name: 'rej.csv', content: csv }, [
        'email',
        'dob',
        'custom.points',
        'custom.loyalty_tier',
        'custom.member_code',
      ]);
      expect(job.result).toMatchObject({ created: 2, rejected: 6, rows: 8 });
      const reasons = await db()
        .selectFrom('import_rejection')
        .select(['row_number', 'reason'])
        .where('job_id', '=', job.id)
        .orderBy('row_number')
        .execute();
      expect(reasons).toEqual([
        { row_number: 3, reason: 'email: "not-an-email" needs exactly one @' },
        { row_number: 4, reason: 'dob: "1981-02-29" is not a date (use YYYY-MM-DD)' },
        { row_number: 5, reason: 'custom.points: not a number' },
        { row_number: 6, reason: 'custom.Loyalty_Tier: "platinum" is not one of the field\'s values' },
        { row_number: 7, reason: "custom.member_code: does not match the field's validation pattern" },
        { row_number: 8, reason: 'Same e-mail as row 2' },
      ]);
      const good = await subscriber('good@rej.test');
      expect(good.custom).toEqual({ points: 10, Loyalty_Tier: 'Gold', member_code: 'M123' });
      expect(new Date(String((await subscriber('alsogood@rej.test')).dob)).toISOString().slice(0, 10)).toBe(
        '1990-05-17',
      );
      const report = await db()
        .selectFrom('extract_file')
        .selectAll()
        .where('name', '=', String(job.result?.rejectedReport))
        .executeTakeFirstOrThrow();
      expect(report).toMatchObject({ organization_id: organizationId, job_id: job.id });
      expect((await readFile(report.path)).subarray(0, 2).toString()).toBe('PK');

      // The page after the import reads the first ones: the refused cell and the reason's code and values.
      const first = await channel.call<{ total: number; rejections: unknown[] }>('getImportRejections', {
        organizationId,
        jobId: job.id,
        limit: 3,
      });
      expect(first.total).toBe(6);
      expect(first.rejections).toEqual([
        {
          row: 3,
          value: 'not-an-email',
          reason: 'email: "not-an-email" needs exactly one @',
          detail: { code: 'badEmail', column: 'email' },
        },
        {
          row: 4,
          value: '1981-02-29',
          reason: 'dob: "1981-02-29" is not a date (use YYYY-MM-DD)',
          detail: { code: 'notADate', column: 'dob' },
        },
        {
          row: 5,
          value: 'ten',
          reason: 'custom.points: not a number',
          detail: { code: 'notANumber', column: 'custom.points' },
        },
      ]);
      const all = await channel.call<{
        rejections: { row: number; value: string | null; detail: unknown }[];
      }>('getImportRejections', { organizationId, jobId: job.id });
      expect(all.rejections.slice(3)).toEqual([
        expect.objectContaining({
          row: 6,
          value: 'platinum',
          detail: { code: 'notAllowedValue', column: 'custom.Loyalty_Tier' },
        }),
        expect.objectContaining({
          row: 7,
          value: 'X1',
          detail: { code: 'patternMismatch', column: 'custom.member_code' },
        }),
        expect.objectContaining({
          row: 8,
          value: 'GOOD@rej.test',
          detail: { code: 'sameEmail', column: 'email', otherRow: 2 },
        }),
      ]);
      // Only the organization's imports: another job id is not found.
      const missing = await channel.request('getImportRejections', { organizationId, jobId: 2_000_000_000 });
      expect(missing.error?.type).toBe('NotFoundError');
    });

    it('re-importing a file creates no duplicates; updateExisting false skips', async () => {
      const listId = await newList();
      const csv = 'email,firstname,points\nre1@dup.test,One,1\nRE2@dup.test,Two,2\nre3@dup.test,,3\n';
      const first = await importFile(
        { name: 'dup.csv', content: csv },
        ['email', 'firstname', 'custom.points'],
        {
          listId,
        },
      );
      expect(first.result).toMatchObject({ created: 3, updated: 0 });
      const again = await importFile(
        {
          name: 'dup.csv',
          content:
            'email,firstname,points\nRE1@dup.test,Changed,10\nre2@dup.test,X,20\nre3@dup.test,Three,30\n',
        },
        ['email', 'firstname', 'custom.points'],
        { listId },
      );
      expect(again.result).toMatchObject({ created: 0, updated: 3, skipped: 0 });
      const count = await db()
        .selectFrom('subscriber')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('organization_id', '=', organizationId)
        .where('email', 'ilike', '%@dup.test')
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(3);
      // Standard profile fields are only filled where empty; custom fields are updated.
      expect(await subscriber('re1@dup.test')).toMatchObject({ firstname: 'One', custom: { points: 10 } });
      expect(await subscriber('re3@dup.test')).toMatchObject({ firstname: 'Three', custom: { points: 30 } });
      const members = await db()
        .selectFrom('list_membership')
        .select('subscriber_id')
        .where('list_id', '=', listId)
        .execute();
      expect(members).toHaveLength(3);

      const skipped = await importFile(
        { name: 'dup.csv', content: 'email,points\nre1@dup.test,99\nnew@dup.test,1\n' },
        ['email', 'custom.points'],
        { listId, options: { updateExisting: false } },
      );
      expect(skipped.result).toMatchObject({ created: 1, updated: 0, skipped: 1 });
      expect((await subscriber('re1@dup.test')).custom).toEqual({ points: 10 });
    });

    it('imports inline data, by ref too, unsubscribed from the list when asked', async () => {
      const listId = await newList();
      const { jobId } = await channel.call<{ jobId: number }>('bulkWriteSubscribers', {
        organizationId,
        listId,
        sourceName: 'crm',
        fields: ['ref', 'email', 'lastname'],
        data: [
          ['R-1', null, 'Refonly'],
          ['R-2', 'two@inline.test', 'Both'],
          [null, null, 'Neither'],
        ],
        options: { markUnsubscribed: true, listOption: 'weekly' },
      });
      const job = await waitForJob(channel, organizationId, jobId);
      expect(job.result).toMatchObject({ created: 2, rejected: 1 });
      const refOnly = await db()
        .selectFrom('subscriber')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('ref', '=', 'R-1')
        .executeTakeFirstOrThrow();
      expect(refOnly).toMatchObject({ lastname: 'Refonly', source_name: 'crm' });
      const memberships = await db()
        .selectFrom('list_membership')
        .selectAll()
        .where('list_id', '=', listId)
        .execute();
      expect(memberships.every((row) => row.is_list_unsubscribed && row.list_option === 'weekly')).toBe(true);
      const list = await db()
        .selectFrom('subscriber_list')
        .selectAll()
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
      expect(list).toMatchObject({ subscriber_count: 2, contactable_count: 0, unsubscribed_count: 2 });
    });

    it('checks the fields', async () => {
      const uploaded = await upload({ name: 'f.csv', content: 'email,a,b\nx@f.test,1,2\n' });
      const fileId = uploaded.body.files![0]!.fileId;
      const unknown = await channel.request('bulkWriteSubscribers', {
        organizationId,
        sourceName: 's',
        fileId,
        fields: ['email', 'custom.nope', 'shoe_size'],
      });
      expect(unknown.error?.type).toBe('ValidationError');
      expect(unknown.error?.details?.map((detail) => detail.path)).toEqual(['fields.1', 'fields.2']);
      const twice = await channel.request('bulkWriteSubscribers', {
        organizationId,
        sourceName: 's',
        fileId,
        fields: ['email', 'firstname', 'firstname'],
      });
      expect(twice.error?.details?.map((detail) => detail.path)).toEqual(['fields.2']);
      const noKey = await channel.request('bulkWriteSubscribers', {
        organizationId,
        sourceName: 's',
        fileId,
        fields: ['firstname', null, null],
      });
      expect(noKey.error?.details?.map((detail) => detail.path)).toEqual(['fields']);
      const wrongCount = await channel.request('bulkWriteSubscribers', {
        organizationId,
        sourceName: 's',
        fileId,
        fields: ['email'],
      });
      expect(wrongCount.error?.details?.map((detail) => detail.path)).toEqual(['fields']);
    });

    it('honours the import rules, globally and per list, and archived lists', async () => {
      const listId = await newList();
      const blockedList = await newList();
      const uploaded = await upload({ name: 'r.csv', content: 'email\nrule@rules.test\n' });
      const fileId = uploaded.body.files![0]!.fileId;
      const attempt = (list: number) =>
        channel.request('bulkWriteSubscribers', {
          organizationId,
          listId: list,
          sourceName: 's',
          fileId,
          fields: ['email'],
        });
      await db()
        .updateTable('organization')
        .set({
          settings: JSON.stringify({
            import: {
              rules: JSON.stringify({ lists: { [String(blockedList)]: { disallowSubscriberUpload: true } } }),
            },
          }),
        })
        .where('id', '=', organizationId)
        .execute();
      expect((await attempt(blockedList)).error?.type).toBe('SubscriberUploadNotAllowedError');
      expect((await attempt(listId)).error).toBeUndefined();
      await db()
        .updateTable('organization')
        .set({ settings: JSON.stringify({ import: { rules: { disallowSubscriberUpload: true } } }) })
        .where('id', '=', organizationId)
        .execute();
      expect((await attempt(listId)).error?.type).toBe('SubscriberUploadNotAllowedError');
      await db()
        .updateTable('organization')
        .set({ settings: '{}' })
        .where('id', '=', organizationId)
        .execute();
      await db().updateTable('subscriber_list').set({ is_archived: true }).where('id', '=', listId).execute();
      expect((await attempt(listId)).error?.details?.[0]?.path).toBe('listId');
    });

    it('needs database-manage', async () => {
      const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
      const { session, sessionId } = await signedIn(herald, reader);
      const readerChannel = await organizationConnection(herald, session, sessionId, organizationId);
      const reply = await readerChannel.request('bulkWriteSubscribers', {
        organizationId,
        sourceName: 's',
        fields: ['email'],
        data: [['a@b.test']],
      });
      expect(reply.error?.type).toBe('PrivilegesError');
      session.close();
      readerChannel.close();
    });

    it('refuses a file with more rows than the limit, whole', async () => {
      importLimits.maxRows = 3;
      const job = await importFile(
        { name: 'many.csv', content: 'email\nm1@rows.test\nm2@rows.test\nm3@rows.test\nm4@rows.test\n' },
        ['email'],
      );
      expect(job.status).toBe('failed');
      expect(job.error?.type).toBe('ImportTooManyRowsError');
      const count = await db()
        .selectFrom('subscriber')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('email', 'like', '%@rows.test')
        .execute();
      expect(count).toHaveLength(0);
    });

    it('fails the import, writing nothing, when its parsing worker dies (here: a heap too small to start)', async () => {
      // A new object, so that afterEach puts the defaults back.
      importLimits.parseWorkerHeapMb = { text: 1, workbook: 1 };
      const job = await importFile(
        { name: 'starved.csv', content: 'email\ns1@starved.test\ns2@starved.test\n' },
        ['email'],
      );
      expect(job.status).toBe('failed');
      // Out of its heap, the worker had a file too large to parse: the user is told so, not of a server failure.
      expect(job.error?.type).toBe('ImportFileTooLargeError');
      const written = await db()
        .selectFrom('subscriber')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('email', 'like', '%@starved.test')
        .execute();
      expect(written).toHaveLength(0);
    });

    it('imports in several batches with progress', async () => {
      importLimits.batchRows = 7;
      importLimits.embeddedBatchRows = 7;
      const listId = await newList();
      await channel.call('addSubscription', { organizationId, query: { type: 'list' } });
      const rows = Array.from({ length: 50 }, (_, index) => `b${index}@batches.test,${index}`);
      const job = await importFile(
        { name: 'batches.csv', content: `email,points\n${rows.join('\n')}\n` },
        ['email', 'custom.points'],
        { listId },
      );
      expect(job.result).toMatchObject({ created: 50, rows: 50 });
      expect(job.progress).toEqual({ done: 50, total: 50 });
      const list = await db()
        .selectFrom('subscriber_list')
        .selectAll()
        .where('id', '=', listId)
        .executeTakeFirstOrThrow();
      expect(list.subscriber_count).toBe(50);
      // One push of the list at the end, with its new counts.
      const pushedList = () =>
        channel.pushes.some((push) => {
          const data = (
            push as {
              data?: { type?: string; records?: Array<{ id: number; stats?: { subscribers: number } }> };
            }
          ).data;
          return (
            data?.type === 'list' &&
            data.records?.some((record) => record.id === listId && record.stats?.subscribers === 50)
          );
        });
      for (let waited = 0; !pushedList() && waited < 5000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pushedList()).toBe(true);
    });
  });
});
