/** What a person typed: ISO first (the form every language shares), else whatever the browser reads. */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) {
    const date = new Date(`${trimmed}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(trimmed) ? trimmed : null;
  }
  const date = new Date(trimmed);
  if (!trimmed || Number.isNaN(date.getTime())) return null;
  const two = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}
