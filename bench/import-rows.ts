import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The standard subscriber fields of the bench's rows, the CSV's first nine columns, named as the table's columns. */
export const STANDARD_COLUMNS = [
  'email',
  'firstname',
  'lastname',
  'country',
  'suburb',
  'postcode',
  'phone',
  'dob',
  'gender',
] as const;
/** The custom fields that follow them. */
export const CUSTOM_COLUMNS = ['loyalty_tier', 'points', 'signup_source'] as const;

/** The words the bench's subscriber rows are made of. */
const FIRST_NAMES = ['Ann', 'Bob', 'Chloé', 'Dmitri', 'Eve', 'Farid', 'Grace', 'Hiro', 'Inès', 'José'];
const LAST_NAMES = ['Smith', 'Nguyen', "O'Brien", 'Müller', 'García', 'Kowalski', 'Tanaka', 'Dubois'];
const COUNTRIES = ['AU', 'NZ', 'GB', 'FR', 'DE', 'US', 'JP', 'ES'];
const SUBURBS = ['Richmond', 'Fitzroy, North', 'Carlton', 'St Kilda', 'Brunswick "East"'];
const TIERS = ['bronze', 'silver', 'gold'];

/** The bench's n-th subscriber row: its twelve cells, in the CSV's column order. */
export function csvRowCells(n: number): string[] {
  return [
    `subscriber${n}@example.com`,
    FIRST_NAMES[n % FIRST_NAMES.length]!,
    LAST_NAMES[n % LAST_NAMES.length]!,
    COUNTRIES[n % COUNTRIES.length]!,
    SUBURBS[n % SUBURBS.length]!,
    String(1000 + (n % 9000)),
    `+61 4${String(n).padStart(8, '0')}`,
    `${1950 + (n % 50)}-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`,
    n % 2 === 0 ? 'F' : 'M',
    TIERS[n % TIERS.length]!,
    String(n % 10_000),
    n % 3 === 0 ? 'web' : 'store',
  ];
}

function csvCell(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Writes the bench's CSV: a header and `rows` rows (csvRowCells). */
export async function writeCsv(file: string, rows: number): Promise<void> {
  async function* lines() {
    yield `${[...STANDARD_COLUMNS, ...CUSTOM_COLUMNS].join(',')}\n`;
    let chunk = '';
    for (let n = 1; n <= rows; n += 1) {
      const cells = csvRowCells(n);
      chunk += `${cells.map(csvCell).join(',')}\n`;
      if (n % 10_000 === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  await pipeline(Readable.from(lines()), createWriteStream(file));
}
