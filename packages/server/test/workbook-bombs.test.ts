import * as XLSX from '@e965/xlsx';
import yazl from 'yazl';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importLimits } from '../src/imports/import-limits.ts';
import {
  ChannelClient,
  createOrganization,
  createUser,
  organizationConnection,
  organizationToken,
  signedIn,
  startTestHerald,
  uploadFiles,
  type TestHerald,
} from './support/index.ts';

const defaultLimits = structuredClone(importLimits);

/** SheetJS's bundled zip reader (its typings declare it `any`): the parts of a workbook SheetJS wrote. */
interface ZipContainer {
  FullPaths: string[];
  FileIndex: Array<{ type: number; content: Uint8Array }>;
}

/**
 * An XLSX file whose first sheet is `sheetXml` (and any `extra` entries), deflated by yazl: the package
 * around it (content types, relationships, styles) is SheetJS's own, so SheetJS reads it as a real workbook.
 */
async function workbookWithSheet(sheetXml: string, extra: Record<string, Buffer> = {}): Promise<Buffer> {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['email']]), 'Sheet1');
  const written = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const container = XLSX.CFB.read(written, { type: 'buffer' }) as ZipContainer;
  const zip = new yazl.ZipFile();
  container.FullPaths.forEach((fullPath, index) => {
    const file = container.FileIndex[index];
    const name = fullPath.replace(/^[^/]*\//, '');
    // Type 2 is a file; SheetJS's container also lists its folders and a marker entry of its own.
    if (file?.type !== 2 || !name.includes('.')) return;
    zip.addBuffer(
      name === 'xl/worksheets/sheet1.xml' ? Buffer.from(sheetXml) : Buffer.from(file.content),
      name,
    );
  });
  for (const [name, content] of Object.entries(extra)) zip.addBuffer(content, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A sheet of `rows` rows by `columns` columns of distinct numbers, its header `email` and `c2`, `c3` … */
function sheetOf(rows: number, columns: number): string {
  const letters = (column: number) => XLSX.utils.encode_col(column);
  const parts: string[] = ['<row r="1"><c r="A1" t="inlineStr"><is><t>email</t></is></c>'];
  for (let column = 1; column < columns; column += 1)
    parts.push(`<c r="${letters(column)}1" t="inlineStr"><is><t>c${column + 1}</t></is></c>`);
  parts.push('</row>');
  for (let row = 2; row <= rows; row += 1) {
    parts.push(`<row r="${row}">`);
    for (let column = 0; column < columns; column += 1)
      parts.push(`<c r="${letters(column)}${row}"><v>${row * columns + column}</v></c>`);
    parts.push('</row>');
  }
  return sheetXml(parts.join(''));
}

function sheetXml(sheetData: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetData>${sheetData}</sheetData></worksheet>`
  );
}

describe('workbook bombs', () => {
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
  });
  afterAll(() => herald.stop());
  afterEach(() => Object.assign(importLimits, structuredClone(defaultLimits)));

  async function uploadWorkbook(content: Buffer): Promise<string> {
    const reply = await uploadFiles(herald, { jwt, organizationId, files: [{ name: 'book.xlsx', content }] });
    const fileId = reply.body.files?.[0]?.fileId;
    if (reply.status !== 200 || fileId === undefined) throw new Error(JSON.stringify(reply.body));
    return fileId;
  }

  const preview = (fileId: string) => channel.request('previewImportFile', { organizationId, fileId });

  it('refuses a cell bomb past the cell limit at upload, counting cells as it inflates', async () => {
    importLimits.maxWorkbookCells = 10_000;
    // 20,000 cells of one repeated value: a few kilobytes compressed, far under the byte limits.
    const bomb = await workbookWithSheet(sheetXml(`<row r="1">${'<c><v>1</v></c>'.repeat(20_000)}</row>`));
    expect(bomb.length).toBeLessThan(16 * 1024);
    const reply = await uploadFiles(herald, {
      jwt,
      organizationId,
      files: [{ name: 'b.xlsx', content: bomb }],
    });
    expect(reply.status).toBe(413);
    expect(reply.body.error).toEqual({
      type: 'ImportFileTooLargeError',
      message: 'The file is larger than the 10,000-cell import limit.',
    });
    // Prefixed cells count as SheetJS reads them; a workbook within the limit is taken.
    const prefixed = `<x:row>${'<x:c><x:v>1</x:v></x:c>'.repeat(10_001)}</x:row>`;
    expect(
      (
        await uploadFiles(herald, {
          jwt,
          organizationId,
          files: [{ name: 'p.xlsx', content: await workbookWithSheet(sheetXml(prefixed)) }],
        })
      ).status,
    ).toBe(413);
    await uploadWorkbook(await workbookWithSheet(sheetOf(100, 10)));
  });

  it('answers the preview of a cell bomb with ImportFileTooLargeError, not "no header row"', async () => {
    // Uploaded under a higher limit (uploads are kept a day): the worker checks again before SheetJS reads it.
    const fileId = await uploadWorkbook(
      await workbookWithSheet(sheetXml(`<row r="1">${'<c><v>1</v></c>'.repeat(20_000)}</row>`)),
    );
    importLimits.maxWorkbookCells = 10_000;
    const reply = await preview(fileId);
    expect(reply.error).toEqual({
      type: 'ImportFileTooLargeError',
      message: 'The file is larger than the 10,000-cell import limit.',
    });
  });

  it('answers the preview of a zip bomb with ImportFileTooLargeError', async () => {
    // 4 MiB of zeros beside a one-cell sheet: a few kilobytes compressed.
    const fileId = await uploadWorkbook(
      await workbookWithSheet(sheetOf(2, 1), { 'xl/media/padding.bin': Buffer.alloc(4 * 1024 * 1024) }),
    );
    importLimits.maxWorkbookInflatedBytes = 1024 * 1024;
    const reply = await preview(fileId);
    expect(reply.error).toEqual({
      type: 'ImportFileTooLargeError',
      message: 'The file is larger than the 1 MiB unpacked import limit.',
    });
  });

  it('answers ImportFileTooLargeError when the workbook outgrows the worker heap, the server staying up and its RSS bounded', async () => {
    // 250,000 cells, within every upload limit, which SheetJS holds in about 30 MB besides the sheet's 8 MB
    // of text: past a 32 MB heap, which a small workbook fits (so the worker dies parsing, not starting).
    const fileId = await uploadWorkbook(await workbookWithSheet(sheetOf(25_000, 10)));
    const small = await uploadWorkbook(await workbookWithSheet(sheetOf(100, 10)));
    importLimits.parseWorkerHeapMb.workbook = 32;
    expect((await preview(small)).error).toBeUndefined();
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
    try {
      // Near its cap V8 collects again and again before it gives up: seconds on a loaded machine.
      const reply = await channel.request('previewImportFile', { organizationId, fileId }, 40_000);
      expect(reply.error).toEqual({
        type: 'ImportFileTooLargeError',
        message: 'The file is larger than the 32 MiB parsed import limit.',
      });
    } finally {
      clearInterval(sampler);
    }
    // The worker's capped heap and its isolate, not the parse of the whole workbook in the server's own heap.
    expect((peak - baseline) / 1024 / 1024).toBeLessThan(200);
    expect((await channel.request('ping')).error).toBeUndefined();
  }, 60_000);

  it("keeps another client's ping answered within 100 ms while a large workbook preview is parsed", async () => {
    // 150,000 cells: SheetJS takes most of a second to read them.
    const fileId = await uploadWorkbook(await workbookWithSheet(sheetOf(15_000, 10)));
    const other = await ChannelClient.open(herald.wsUrl('uiv5'));
    try {
      let parsed = false;
      const parseStarted = performance.now();
      const previewed = preview(fileId).finally(() => (parsed = true));
      // The client shares the server's thread here, so a blocked server shows as a late reply or as a late
      // timer: each round is a ping and a 20 ms pause, and what it takes beyond the pause is the wait.
      const waits: number[] = [];
      while (!parsed) {
        const started = performance.now();
        expect((await other.request('ping')).error).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, 20));
        waits.push(performance.now() - started - 20);
      }
      const parseTook = performance.now() - parseStarted;
      const reply = await previewed;
      expect(reply.error).toBeUndefined();
      expect((reply.result as { header: string[] }).header).toEqual([
        'email',
        ...Array.from({ length: 9 }, (_, index) => `c${index + 2}`),
      ]);
      // Parsed on the server's thread, one round waited the whole parse (1.1 s). Off it, rounds wait a few
      // milliseconds. No fixed bound: a loaded CI machine stretches every wait, so the longest wait is held to a
      // fraction of the parse, which stretches with it.
      expect(Math.max(...waits)).toBeLessThan(parseTook / 3);
      expect(waits.length).toBeGreaterThan(5);
    } finally {
      other.socket.close();
    }
  });
});
