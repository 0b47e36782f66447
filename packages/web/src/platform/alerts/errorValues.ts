import { errorCatalogue, isErrorType } from '@herald/protocol';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The values a catalogue message was filled with, read back from the server's English message (the wire
 * carries the message, not the values), so a translation can show them too: 'The template package has no
 * test/sample.json.' gives {file: 'test/sample.json'}. Empty when the message is not the catalogue's.
 */
export function errorValuesOf(type: string, message: string): Record<string, string> {
  if (!isErrorType(type)) return {};
  const template: string = errorCatalogue[type];
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  if (names.length === 0) return {};
  const pattern = new RegExp(`^${escape(template).replace(/\\\{\w+\\\}/g, '(.+?)')}$`);
  const found = pattern.exec(message);
  if (!found) return {};
  return Object.fromEntries(names.map((name, index) => [name, found[index + 1] ?? '']));
}
