import type { CheckResult } from '@herald/protocol';
import { checkOutcome, type Finding } from './check-findings.ts';
import type { CheckedContent } from './checked-content.ts';

/**
 * Marks Word and Outlook leave in pasted content: their paragraph tag, their namespace, their paragraph classes
 * and their `mso-` style properties inside a style attribute. A `mso-` rule in a <style> block or an Outlook
 * conditional comment is a template's deliberate fix for Outlook, so only inline styles count.
 */
const OFFICE_MARKS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  { pattern: /<o:p\b/i, what: '<o:p> tags' },
  { pattern: /xmlns:o\s*=/i, what: 'the Office namespace (xmlns:o)' },
  { pattern: /class\s*=\s*["']?[^"'>]*\bMso[A-Z]\w*/, what: 'Mso… classes' },
  {
    pattern: /style\s*=\s*"[^"]*\bmso-[a-z-]+\s*:|style\s*=\s*'[^']*\bmso-[a-z-]+\s*:/i,
    what: 'mso- styles',
  },
];

/** The Office marks a text carries, as OFFICE_MARKS names them. */
export function officeMarksIn(text: string): string[] {
  return OFFICE_MARKS.filter(({ pattern }) => pattern.test(text)).map(({ what }) => what);
}

/**
 * `officeXml`: content pasted from Word or Outlook carries their markup, which other mail clients render
 * unpredictably and which weighs on the size. Read in what the author wrote, per version; a warning.
 */
export function checkOfficeXml(content: CheckedContent): CheckResult {
  const findings: Finding[] = [];
  for (const { variation, sources } of content.versions) {
    const marks = [...new Set(sources.flatMap(officeMarksIn))];
    if (marks.length > 0)
      findings.push({
        status: 'warn',
        text: `The content was pasted from Office (${marks.join(', ')}): paste it again as plain text.`,
        variation,
      });
  }
  return checkOutcome('officeXml', findings, 'No markup pasted from Office.', content.versions.length);
}
