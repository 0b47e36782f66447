import { describe, expect, it } from 'vitest';
import { csvFileName, csvText, formulaSafeCell } from './csvText.ts';

describe('csvText', () => {
  it('neutralises cells a spreadsheet would run as formulas, and keeps numbers', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx', 'plain'].map(formulaSafeCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@cmd",
      "'\tx",
      "'\rx",
      'plain',
    ]);
    expect(formulaSafeCell(-3)).toBe('-3');
    expect(formulaSafeCell(null)).toBe('');
    expect(formulaSafeCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line ends, and ends lines with CRLF', () => {
    expect(
      csvText([
        ['Link', 'Clicks'],
        ['https://example.com/?a=1,b="2"', 3],
        ['=HYPERLINK("x")', null],
        ['two\nlines', 0],
      ]),
    ).toBe(
      'Link,Clicks\r\n"https://example.com/?a=1,b=""2""",3\r\n"\'=HYPERLINK(""x"")",\r\n"two\nlines",0\r\n',
    );
  });
});

describe('csvFileName', () => {
  it('keeps letters and digits of any language, joined by dashes', () => {
    expect(csvFileName('List report', 'Café «Été»', '2026-03-01')).toBe(
      'list-report-café-été-2026-03-01.csv',
    );
    expect(csvFileName('名單', 7)).toBe('名單-7.csv');
    expect(csvFileName('データ')).toBe('データ.csv');
    expect(csvFileName('***')).toBe('export.csv');
  });
});
