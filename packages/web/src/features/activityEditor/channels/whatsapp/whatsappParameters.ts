import type { WhatsAppTemplateRecord } from '@herald/protocol';

/** A piece of a template's body as the preview bubble shows it: the template's words, or a parameter's value. */
export interface BodyPiece {
  text: string;
  /** The parameter's number (1, 2 …) when this piece is a filled placeholder. */
  parameter?: number;
}

const PLACEHOLDER = /\{\{\s*(\d+)\s*\}\}/g;

/**
 * The body with each {{n}} replaced by the n-th value (a missing one shows as the placeholder itself, so an
 * unfilled parameter is visible in the preview rather than silently blank).
 */
export function fillTemplateBody(body: string, values: readonly string[]): BodyPiece[] {
  const pieces: BodyPiece[] = [];
  let last = 0;
  for (const match of body.matchAll(PLACEHOLDER)) {
    if (match.index > last) pieces.push({ text: body.slice(last, match.index) });
    const number = Number(match[1]);
    const value = values[number - 1];
    pieces.push({ text: value === undefined || value === '' ? `{{${number}}}` : value, parameter: number });
    last = match.index + match[0].length;
  }
  if (last < body.length) pieces.push({ text: body.slice(last) });
  return pieces;
}

/** The parameters cut or padded to what a template takes, keeping what was written for the ones that remain. */
export function fitParameters(parameters: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, index) => parameters[index] ?? '');
}

/** Whether a template can be chosen for sending: only once WhatsApp has approved it (received). */
export function isSendable(template: Pick<WhatsAppTemplateRecord, 'status'>): boolean {
  return template.status === 'received';
}

/**
 * The rendered parameters as renderPreview answers them for WhatsApp (its `text`, one a line), back as a list
 * the length of the template's parameters. A parameter rendered to several lines cannot be told apart, so such a
 * preview falls back to the written values.
 */
export function renderedParameters(text: string, written: readonly string[]): string[] {
  if (written.length === 0) return [];
  const lines = text.split('\n');
  return lines.length === written.length ? lines : [...written];
}
