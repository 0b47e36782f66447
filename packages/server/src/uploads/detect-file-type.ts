import { readFile } from 'node:fs/promises';
import { HeraldError, type ImportFileType } from '@herald/protocol';
import yauzl from 'yauzl';
import { lazyModule } from '../lazy-module.ts';
import type { ContentFacts } from './content-probe.ts';
import { refuseWorkbookBomb } from './workbook-inflation.ts';

export type TextEncodingName = 'utf-8' | 'windows-1252';

/** SheetJS, loaded when an OLE2 upload is first checked for a workbook (lazy-module.ts). */
const sheetJs = lazyModule(() => import('@e965/xlsx'));

export interface DetectedFile {
  fileType: ImportFileType;
  encoding: TextEncodingName | 'binary';
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Text formats that are not tables but could pass the control-character test. */
const TEXT_SIGNATURES = ['%PDF-', '{\\rtf'].map((text) => Buffer.from(text, 'latin1'));
/** Control characters no CSV or TSV holds (tab, newline, carriage return and form feed are fine). */
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000e-\u001a\u001c-\u001f]/;

/**
 * Decides an upload's type from its bytes, never its name or the client's content type: XLSX is a zip
 * holding xl/workbook.xml, XLS an OLE2 compound file holding a Workbook (or Book) stream, CSV or TSV text
 * without NUL or other control bytes. Anything else is ImportFileUnsupported.
 */
export async function detectFileType(filePath: string, facts: ContentFacts): Promise<DetectedFile> {
  const head = facts.head;
  if (head.subarray(0, 4).equals(ZIP_SIGNATURE)) {
    if (!(await zipHasEntry(filePath, 'xl/workbook.xml'))) throw new HeraldError('ImportFileUnsupported');
    await refuseWorkbookBomb(filePath);
    return { fileType: 'xlsx', encoding: 'binary' };
  }
  if (head.subarray(0, 8).equals(OLE2_SIGNATURE)) {
    if (isOleWorkbook((await sheetJs()).CFB as CompoundFileReader, await readFile(filePath)))
      return { fileType: 'xls', encoding: 'binary' };
    throw new HeraldError('ImportFileUnsupported');
  }
  if (facts.size === 0) throw new HeraldError('ImportFileEmptyError');
  if (
    facts.hasNul ||
    TEXT_SIGNATURES.some((signature) => head.subarray(0, signature.length).equals(signature))
  )
    throw new HeraldError('ImportFileUnsupported');
  // A UTF-8 byte-order mark says what the file is, even with a stray byte of another encoding in it: read as
  // Windows-1252, the whole file would turn to mojibake (the header "ï»¿email", "JosÃ©"). The stray bytes read
  // as U+FFFD, and the rows holding them are refused (validate-row.ts); the decoder drops the mark.
  const encoding: TextEncodingName =
    facts.validUtf8 || head.subarray(0, 3).equals(UTF8_BOM) ? 'utf-8' : 'windows-1252';
  const text = decodeHead(head, encoding);
  if (CONTROL_CHARACTERS.test(text)) throw new HeraldError('ImportFileUnsupported');
  return { fileType: delimiterOf(text) === '\t' ? 'tsv' : 'csv', encoding };
}

/** The head as text; a UTF-8 sequence cut at the head's end is dropped rather than failing the decode. */
export function decodeHead(head: Buffer, encoding: TextEncodingName): string {
  return new TextDecoder(encoding).decode(head).replace(/\uFFFD$/, '');
}

/**
 * The delimiter of a text table, from its first lines: whichever of tab, comma and semicolon occurs most
 * outside double quotes. Tab makes a TSV; a semicolon wins over commas only when there are more of them (the
 * CSV of a European-locale Excel); otherwise comma. Counting characters is all this does; the parsing
 * itself is csv-parse's.
 */
export function delimiterOf(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  let lines = 0;
  for (const character of text.replace(/^\uFEFF/, '')) {
    if (character === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (character === '\n' && ++lines >= 20) break;
    else if (character === ',' || character === ';' || character === '\t') counts[character] += 1;
  }
  if (counts['\t'] > 0 && counts['\t'] >= counts[','] && counts['\t'] >= counts[';']) return '\t';
  if (counts[';'] > counts[',']) return ';';
  return ',';
}

/** The part of SheetJS's bundled CFB library used here (its typings declare it `any`). */
interface CompoundFileReader {
  read(content: Buffer, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): unknown;
}

function isOleWorkbook(cfb: CompoundFileReader, content: Buffer): boolean {
  try {
    const container = cfb.read(content, { type: 'buffer' });
    // Word and PowerPoint files share the OLE2 container; only a workbook has this stream.
    return Boolean(cfb.find(container, 'Workbook') ?? cfb.find(container, 'Book'));
  } catch {
    return false;
  }
}

function zipHasEntry(filePath: string, wanted: string): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true }, (error, zip) => {
      if (error || !zip) {
        resolve(false);
        return;
      }
      let found = false;
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === wanted) {
          found = true;
          zip.close();
          resolve(true);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.on('error', () => resolve(false));
      zip.readEntry();
    });
  });
}
