/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) gets
 * a leading apostrophe, so opening an export can never execute what a subscriber typed into a form.
 */
export function formulaSafe(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
