/** Where each content part is written in a channel's content, when it is not a field of the same name. */
const PART_FIELDS: Readonly<Record<string, string>> = { sms: 'text' };

/** The longest line shown: a minified template's one line is cut rather than sent whole. */
const MAX_LINE_LENGTH = 500;

/**
 * The text of line `line` (from 1) of a template part (`html`, `mjml`, `subject`, `sms`…) in a revision's
 * content ({schemaVersion, channels: {email: {html, …}}}), as the author wrote it; undefined when the revision
 * has no such part or line. The channel's own content is read first, then any other channel's.
 */
export function templateLineOf(
  content: unknown,
  channel: string,
  part: string,
  line: number,
): string | undefined {
  const channels = objectAt(content, 'channels');
  if (!channels || line < 1) return undefined;
  const field = PART_FIELDS[part] ?? part;
  const ordered = [channel, ...Object.keys(channels).filter((name) => name !== channel)];
  for (const name of ordered) {
    const text = objectAt(channels, name)?.[field];
    if (typeof text !== 'string') continue;
    const found = text.split(/\r\n|\r|\n/)[line - 1];
    if (found === undefined) return undefined;
    return found.length > MAX_LINE_LENGTH ? `${found.slice(0, MAX_LINE_LENGTH)}…` : found;
  }
  return undefined;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'object' && found !== null ? (found as Record<string, unknown>) : undefined;
}
