/** One cell of a CSV the console writes: text, a number, or nothing. */
export type CsvCell = string | number | null | undefined;

/**
 * A cell a spreadsheet would run as a formula (text starting with =, +, -, @, a tab or a carriage return) gets
 * a leading apostrophe, as the server's extracts do (exports/formula-safe.ts): a link or a partition name
 * typed by someone else must not execute when the file is opened. Numbers stay numbers.
 */
export function formulaSafeCell(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180 quoting: a cell with a quote, a comma or a line end is quoted, its quotes doubled. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CSV text, formula-safe, lines ended by CRLF as RFC 4180 and spreadsheets expect. */
export function csvText(rows: ReadonlyArray<readonly CsvCell[]>): string {
  return rows.map((row) => row.map((cell) => quoted(formulaSafeCell(cell))).join(',')).join('\r\n') + '\r\n';
}

/**
 * Offers rows as a CSV file download. A byte-order mark leads, so spreadsheet programs read the UTF-8
 * (partition names, links and the interface language) rather than guess a code page.
 */
export function downloadCsv(fileName: string, rows: ReadonlyArray<readonly CsvCell[]>): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csvText(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from its parts: letters, digits and dashes only, so every system takes it. */
export function csvFileName(...parts: ReadonlyArray<string | number>): string {
  const name = parts
    .map((part) =>
      String(part)
        .normalize('NFC')
        .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
        .replace(/^-+|-+$/g, '')
        .toLowerCase(),
    )
    .filter((part) => part.length > 0)
    .join('-');
  return `${name || 'export'}.csv`;
}
