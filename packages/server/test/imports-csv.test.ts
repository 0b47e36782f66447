import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDelimitedRows } from '../src/imports/read-delimited.ts';
import { delimiterOf } from '../src/uploads/detect-file-type.ts';

const cell = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '  leading',
    'a,b',
    'say "hi"',
    '"',
    'line\nbreak',
    'crlf\r\nbreak',
    'tab\there',
    'x;y',
    'é ü ß 中文 🙂',
  ),
);

async function readAll(file: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of readDelimitedRows(file, 'utf-8')) rows.push(row);
  return rows;
}

describe('the CSV reader', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'herald-csv-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads back what csv-stringify wrote: quotes, commas, line ends, unicode, leading spaces', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }).chain((columns) =>
          fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), {
            minLength: 1,
            maxLength: 15,
          }),
        ),
        fc.boolean(),
        fc.boolean(),
        async (rows, bom, windowsLineEnds) => {
          const file = path.join(dir, `case-${run++}.csv`);
          // Tabs, semicolons and any line end are quoted, as spreadsheets write them (csv-stringify on its own
          // leaves a bare LF unquoted under CRLF records), so the delimiter stays the comma.
          const text = stringify(rows, {
            bom,
            record_delimiter: windowsLineEnds ? 'windows' : 'unix',
            quoted_match: /[\t;\r\n]/,
          });
          await writeFile(file, text);
          // Blank rows (every cell empty or spaces) are skipped on purpose.
          const expected = rows.filter((row) => row.some((value) => value.trim() !== ''));
          expect(await readAll(file)).toEqual(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('chooses the delimiter by counting outside quotes', () => {
    expect(delimiterOf('a,b,c\n1,2,3\n')).toBe(',');
    expect(delimiterOf('a\tb\tc\n"1,2,3"\t2\t3\n')).toBe('\t');
    expect(delimiterOf('a;b;c\n1,5;2;3\n')).toBe(';');
    expect(delimiterOf('"a;b;c;d"\n"x;y"\n')).toBe(',');
  });
});
