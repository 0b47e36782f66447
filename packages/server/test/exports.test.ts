import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import yauzl from 'yauzl';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalOf } from '../src/approvals/approvals.ts';
import { createOrganization } from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import {
  addCustomField,
  addList,
  addMember,
  addPartition,
  addSubscriber,
  connectAs,
} from './subscriber-fixtures.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;
interface Job {
  status: string;
  result: { name: string; rows: number; size: number; fileName: string } | null;
  error: { type: string } | null;
}

/** The entries of a zip, by name, as text. */
async function unzip(buffer: Buffer): Promise<Map<string, string>> {
  const files = await unzipBytes(buffer);
  return new Map([...files].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}

/** The entries of a zip, by name, as bytes. */
function unzipBytes(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function csvRows(text: string): string[][] {
  return parse(text, { bom: true, relax_column_count: false }) as string[][];
}

describe('exports', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let extractor: Connected;
  let reader: Connected;
  let manager: Connected;
  let north: { setId: number; partitionId: number };
  let listId: number;

  async function waitForJob(jobId: number, statuses = ['succeeded', 'failed', 'cancelled']): Promise<Job> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const job = (
        await sql<Job>`SELECT status, result, error FROM job WHERE id = ${jobId}`.execute(herald.database.db)
      ).rows[0];
      if (job && statuses.includes(job.status)) return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  function download(
    organization: number,
    name: string,
    form: Record<string, string>,
    headers: Record<string, string> = {},
  ) {
    return fetch(`http://127.0.0.1:${herald.port}/uiv5-extract/${organization}/${name}.zip`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  async function exportAndRead(
    connected: Connected,
    params: Record<string, unknown>,
  ): Promise<{ job: Job; rows: string[][]; files: Map<string, string> }> {
    const { jobId } = await connected.channel.call<{ jobId: number }>('requestExport', {
      organizationId,
      ...params,
    });
    const job = await waitForJob(jobId);
    expect(job.status).toBe('succeeded');
    const response = await download(organizationId, job.result?.name ?? '', { jwt: connected.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${job.result?.name}.zip"`,
    );
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const csv = [...files.values()][0] ?? '';
    return { job, rows: csvRows(csv), files };
  }

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
    north = await addPartition(herald, organizationId, 'North');
    const south = await addPartition(herald, organizationId, 'South');
    await addCustomField(herald, organizationId, 'note');
    const names = [
      '=SUM(A1:A9)',
      '+33 1 23',
      '-5',
      '@cmd',
      '\tTabbed',
      '\rReturned',
      'Anna',
      'Ünïcode, "quoted"',
    ];
    listId = await addList(herald, organizationId, 'Exported');
    for (const [index, firstname] of names.entries()) {
      const id = await addSubscriber(herald, organizationId, {
        email: `export-${index}@example.test`,
        firstname,
        custom: { note: index === 0 ? '=HYPERLINK("http://evil")' : `note ${index}` },
        partitionIds: [index % 2 === 0 ? north.partitionId : south.partitionId],
      });
      if (index < 3) await addMember(herald, organizationId, listId, id, { unsubscribed: index === 1 });
    }
    await addSubscriber(herald, otherOrganizationId, { email: 'foreign@example.test' });
    extractor = await connectAs(herald, organizationId, ['Database.Extract']);
    reader = await connectAs(herald, organizationId, ['Database.Read']);
    manager = await connectAs(herald, organizationId, ['Database.Manage']);
  });
  afterAll(async () => {
    for (const connected of [extractor, reader, manager]) connected.close();
    await herald.stop();
  });

  it('exports every subscriber to a zipped CSV whose formula-like cells are neutralised', async () => {
    const { job, rows, files } = await exportAndRead(extractor, { type: 'subscribers' });
    expect([...files.keys()]).toEqual(['subscribers.csv']);
    expect(job.result?.rows).toBe(8);
    const [header, ...body] = rows;
    // The e-mail address leads by default.
    expect(header?.slice(0, 3)).toEqual(['email', 'id', 'address']);
    expect(header).toContain('custom.note');
    expect(header?.slice(-3)).toEqual(['partition_ids', 'created_at', 'updated_at']);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const firstnames = body.map((row) => row[column('firstname')]);
    expect(firstnames).toEqual([
      "'=SUM(A1:A9)",
      "'+33 1 23",
      "'-5",
      "'@cmd",
      "'\tTabbed",
      "'\rReturned",
      'Anna',
      'Ünïcode, "quoted"',
    ]);
    expect(body[0]?.[column('custom.note')]).toBe(`'=HYPERLINK("http://evil")`);
    expect(body.map((row) => row[column('email')])).not.toContain('foreign@example.test');
  });

  it('exports a list’s members with the list-level fields, narrowed to the fields asked for', async () => {
    const { rows } = await exportAndRead(extractor, {
      type: 'listMembers',
      target: listId,
      params: { fields: ['email', 'is_list_unsubscribed', 'list_option', 'custom.NOTE'] },
    });
    expect(rows).toEqual([
      ['email', 'is_list_unsubscribed', 'list_option', 'custom.note'],
      ['export-0@example.test', 'false', 'optin', `'=HYPERLINK("http://evil")`],
      ['export-1@example.test', 'true', 'optin', 'note 1'],
      ['export-2@example.test', 'false', 'optin', 'note 2'],
    ]);
  });

  it('exports an XLSX in the zip, with the columns in the order asked for and formula-like text neutralised', async () => {
    const { jobId } = await extractor.channel.call<{ jobId: number }>('requestExport', {
      organizationId,
      type: 'listMembers',
      target: listId,
      params: { fields: ['custom.note', 'firstname', 'email', 'id'], format: 'xlsx' },
    });
    const job = await waitForJob(jobId);
    expect(job.status).toBe('succeeded');
    expect(job.result?.rows).toBe(3);
    const response = await download(organizationId, job.result?.name ?? '', { jwt: extractor.token });
    const files = await unzipBytes(Buffer.from(await response.arrayBuffer()));
    expect([...files.keys()]).toEqual(['listMembers.xlsx']);
    const book = XLSX.read(files.get('listMembers.xlsx'), { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    expect(sheet).toBeDefined();
    // No cell is a formula: what a subscriber typed is text.
    expect(Object.values(sheet ?? {}).some((cell) => typeof cell === 'object' && cell && 'f' in cell)).toBe(
      false,
    );
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet!, { header: 1, raw: true });
    expect(rows[0]).toEqual(['custom.note', 'firstname', 'email', 'id']);
    expect(rows.slice(1).map((row) => row.slice(0, 3))).toEqual([
      [`'=HYPERLINK("http://evil")`, "'=SUM(A1:A9)", 'export-0@example.test'],
      ['note 1', "'+33 1 23", 'export-1@example.test'],
      ['note 2', "'-5", 'export-2@example.test'],
    ]);
    // Numbers stay numbers in a workbook.
    expect(typeof rows[1]?.[3]).toBe('number');
  });

  it('refuses an empty column list, an unknown column and an unknown format with ValidationError', async () => {
    const request = (params: Record<string, unknown>) =>
      extractor.channel.request('requestExport', { organizationId, type: 'subscribers', ...params });
    const empty = await request({ params: { fields: [] } });
    expect(empty.error?.type).toBe('ValidationError');
    expect(empty.error?.details?.[0]?.path).toContain('fields');
    const unknown = await request({ params: { fields: ['email', 'custom.nosuch'] } });
    expect(unknown.error?.type).toBe('ValidationError');
    expect(unknown.error?.details?.[0]?.path).toBe('params.fields.1');
    const format = await request({ params: { fields: ['email'], format: 'pdf' } });
    expect(format.error?.type).toBe('ValidationError');
    expect(format.error?.details?.[0]?.path).toContain('format');
  });

  it('exports the custom field definitions', async () => {
    const { rows } = await exportAndRead(extractor, { type: 'customFields' });
    expect(rows[0]?.slice(0, 3)).toEqual(['id', 'type', 'field']);
    expect(rows.slice(1).map((row) => row[2])).toEqual(['note']);
  });

  it('reads past the first page: every subscriber exactly once, in id order', async () => {
    const bulkOrganization = await createOrganization(herald);
    await sql`INSERT INTO subscriber (organization_id, email)
      SELECT ${bulkOrganization}, 'bulk-' || n || '@example.test' FROM generate_series(1, 12345) AS n`.execute(
      herald.database.db,
    );
    const bulkExtractor = await connectAs(herald, bulkOrganization, ['Database.Extract']);
    const { jobId } = await bulkExtractor.channel.call<{ jobId: number }>('requestExport', {
      organizationId: bulkOrganization,
      type: 'subscribers',
      params: { fields: ['id'] },
    });
    const job = await waitForJob(jobId);
    expect(job.result?.rows).toBe(12345);
    const response = await download(bulkOrganization, job.result?.name ?? '', { jwt: bulkExtractor.token });
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const ids = csvRows(files.get('subscribers.csv') ?? '')
      .slice(1)
      .map((row) => Number(row[0]));
    expect(ids).toHaveLength(12345);
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? 0))).toBe(true);
    bulkExtractor.close();
  });

  it('exports the subscribers a target expression chooses', async () => {
    const { rows } = await exportAndRead(extractor, {
      type: 'subscribers',
      target: `list ${listId} any and email contains "export-1"`,
      params: { fields: ['email'] },
    });
    expect(rows).toEqual([['email'], ['export-1@example.test']]);
  });

  it('refuses a target naming a list the organization lacks, a listMembers export without a list, unknown fields and other lists', async () => {
    const request = (params: Record<string, unknown>) =>
      extractor.channel.request('requestExport', { organizationId, ...params });
    const expression = await request({ type: 'subscribers', target: 'list 2147483000' });
    expect(expression.error?.type).toBe('ValidationError');
    expect(expression.error?.details?.[0]?.path).toBe('target');
    expect((await request({ type: 'listMembers' })).error?.details?.[0]?.path).toBe('target');
    const unknown = await request({ type: 'subscribers', params: { fields: ['email', 'password'] } });
    expect(unknown.error?.details?.[0]?.path).toBe('params.fields.1');
    const foreignList = await addList(herald, otherOrganizationId, 'Theirs');
    expect((await request({ type: 'listMembers', target: foreignList })).error?.type).toBe('NotFoundError');
  });

  it('needs database-extract to ask for an export', async () => {
    for (const connected of [reader, manager]) {
      const reply = await connected.channel.request('requestExport', { organizationId, type: 'subscribers' });
      expect(reply.error?.type).toBe('PrivilegesError');
    }
  });

  it('gives a partition-restricted user only their partitions’ subscribers, and only their own extracts', async () => {
    const franchisee = await connectAs(
      herald,
      organizationId,
      ['Database.Extract', 'franchisee'],
      [north.setId],
    );
    const { rows, job } = await exportAndRead(franchisee, {
      type: 'subscribers',
      params: { fields: ['email'] },
    });
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      'export-0@example.test',
      'export-2@example.test',
      'export-4@example.test',
      'export-6@example.test',
    ]);
    const { jobId } = await extractor.channel.call<{ jobId: number }>('requestExport', {
      organizationId,
      type: 'customFields',
    });
    const headOffice = await waitForJob(jobId);
    expect(
      (await download(organizationId, headOffice.result?.name ?? '', { jwt: franchisee.token })).status,
    ).toBe(404);
    expect((await download(organizationId, job.result?.name ?? '', { jwt: extractor.token })).status).toBe(
      200,
    );
    franchisee.close();
  });

  describe('the extract download', () => {
    let name: string;
    beforeAll(async () => {
      const { jobId } = await extractor.channel.call<{ jobId: number }>('requestExport', {
        organizationId,
        type: 'subscribers',
      });
      name = (await waitForJob(jobId)).result?.name ?? '';
    });

    it('refuses a missing or bad token with 401 OrgAuthenticationError', async () => {
      const forms: Array<Record<string, string>> = [{}, { jwt: '' }, { jwt: 'not-a-token' }];
      for (const form of forms) {
        const response = await download(organizationId, name, form);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          error: { type: 'OrgAuthenticationError', message: expect.any(String) as string },
        });
      }
    });

    it('refuses another organization’s token, and another organization’s extract', async () => {
      const outsider = await connectAs(herald, otherOrganizationId, ['System.Admin']);
      expect((await download(organizationId, name, { jwt: outsider.token })).status).toBe(401);
      const response = await download(otherOrganizationId, name, { jwt: outsider.token });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
        'ExtractNotFoundError',
      );
      outsider.close();
    });

    it('refuses a user without database-extract with 403 PrivilegesError', async () => {
      for (const connected of [reader, manager]) {
        const response = await download(organizationId, name, { jwt: connected.token });
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: { type: string } }).error.type).toBe('PrivilegesError');
      }
    });

    it('lets database-manage, not database-extract alone, download an import’s rejected-rows report', async () => {
      const job = await herald.database.db
        .insertInto('job')
        .values({
          organization_id: organizationId,
          kind: 'import',
          status: 'succeeded',
          params: '{}',
          created_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const report = `rejected-rows-${job.id}-test`;
      const file = path.join(herald.services.files.extractsDir, `${report}.zip`);
      await writeFile(file, Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'binary'));
      await herald.database.db
        .insertInto('extract_file')
        .values({
          name: report,
          organization_id: organizationId,
          job_id: job.id,
          path: file,
          size: 22,
          created_by: null,
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute();
      expect((await download(organizationId, report, { jwt: manager.token })).status).toBe(200);
      expect((await download(organizationId, report, { jwt: extractor.token })).status).toBe(403);
    });

    it('refuses an unknown or expired extract with 404, and a foreign Origin with 403', async () => {
      expect((await download(organizationId, 'subscribers-000', { jwt: extractor.token })).status).toBe(404);
      const origin = await download(
        organizationId,
        name,
        { jwt: extractor.token },
        { origin: 'https://evil.example' },
      );
      expect(origin.status).toBe(403);
      await sql`UPDATE extract_file SET expires_at = now() - interval '1 second' WHERE name = ${name}`.execute(
        herald.database.db,
      );
      expect((await download(organizationId, name, { jwt: extractor.token })).status).toBe(404);
    });
  });

  describe('two-person approval', () => {
    it('waits for another administrator, who is notified; the requester cannot approve', async () => {
      const first = await connectAs(herald, organizationId, ['System.Admin']);
      const second = await connectAs(herald, organizationId, ['System.Admin']);
      await sql`UPDATE organization SET settings = jsonb_set(settings, '{security}',
        '{"twoPersonExtractApproval": true}'::jsonb) WHERE id = ${organizationId}`.execute(
        herald.database.db,
      );
      try {
        const { jobId } = await first.channel.call<{ jobId: number }>('requestExport', {
          organizationId,
          type: 'customFields',
        });
        const { records } = await first.channel.call<{
          records: Array<{ status: string; approval: { required: boolean; approvedBy: number | null } }>;
        }>('query', { organizationId, query: { type: 'job', filter: { id: jobId } } });
        expect(records[0]).toMatchObject({
          status: 'queued',
          approval: { required: true, approvedBy: null },
        });
        const notices = await herald.database.db
          .selectFrom('user_notification')
          .select(['user_id', 'kind', 'message_key', 'record_id'])
          .where('record_type', '=', 'job')
          .where('record_id', '=', String(jobId))
          .execute();
        expect(notices.map((notice) => notice.user_id)).toContain(second.user.id);
        expect(notices.map((notice) => notice.user_id)).not.toContain(first.user.id);
        expect(notices[0]).toMatchObject({ kind: 'approvals', message_key: 'exportApproval' });

        const self = await first.channel.request('approveExport', { organizationId, jobId });
        expect(self.error?.type).toBe('ExportApprovalSelfError');
        expect(
          (await extractor.channel.request('approveExport', { organizationId, jobId })).error?.type,
        ).toBe('PrivilegesError');
        const approved = await second.channel.call<{ status: string }>('approveExport', {
          organizationId,
          jobId,
          comment: 'For the quarterly report',
        });
        expect(approved.status).toBe('queued');
        expect((await waitForJob(jobId)).status).toBe('succeeded');
        // The approval row says who asked, who decided, when and why; the job record shows the approver.
        const approval = await approvalOf(herald.database.db, organizationId, { kind: 'job', id: jobId });
        expect(approval).toMatchObject({
          requestedBy: first.user.id,
          decision: 'approved',
          decidedBy: second.user.id,
          comment: 'For the quarterly report',
        });
        expect(approval!.decidedAt!.getTime()).toBeGreaterThanOrEqual(approval!.requestedAt.getTime());
        const { records: approvedRecords } = await first.channel.call<{
          records: Array<{
            approval: { required: boolean; approvedBy: number | null; approvedAt: string | null };
          }>;
        }>('query', { organizationId, query: { type: 'job', filter: { id: jobId } } });
        expect(approvedRecords[0]?.approval).toEqual({
          required: true,
          approvedBy: second.user.id,
          approvedAt: approval!.decidedAt!.toISOString(),
        });
        expect((await second.channel.request('approveExport', { organizationId, jobId })).error?.type).toBe(
          'NotFoundError',
        );
        const told = await herald.database.db
          .selectFrom('user_notification')
          .select(['kind', 'message_key'])
          .where('user_id', '=', first.user.id)
          .execute();
        expect(told).toEqual(
          expect.arrayContaining([
            { kind: 'approvals', message_key: 'exportApproved' },
            { kind: 'extracts', message_key: 'extractReady' },
          ]),
        );

        const refused = await first.channel.call<{ jobId: number }>('requestExport', {
          organizationId,
          type: 'customFields',
        });
        const answer = await second.channel.call<{ status: string }>('approveExport', {
          organizationId,
          jobId: refused.jobId,
          approve: false,
        });
        expect(answer.status).toBe('cancelled');
        expect((await waitForJob(refused.jobId)).status).toBe('cancelled');
        expect(
          await approvalOf(herald.database.db, organizationId, { kind: 'job', id: refused.jobId }),
        ).toMatchObject({ decision: 'rejected', decidedBy: second.user.id, comment: null });
      } finally {
        await sql`UPDATE organization SET settings = settings - 'security' WHERE id = ${organizationId}`.execute(
          herald.database.db,
        );
        first.close();
        second.close();
      }
    });
  });
});
