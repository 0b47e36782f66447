import type { CheckName, CheckResult } from '@herald/protocol';

/** One thing a check found: what to fix, how bad it is, and the version it was found in (0: the original). */
export interface Finding {
  status: 'warn' | 'fail';
  text: string;
  variation: number;
}

/** A version's name in a message: multivariate versions are numbered from 0, the original. */
export function versionName(variation: number): string {
  return variation === 0 ? 'the original' : `version ${variation}`;
}

/**
 * A check's result from its findings over every version: the worst status; the message is the worst finding
 * (with how many more there are), the details every distinct finding once, naming the versions it concerns
 * when it is not in all of them, and `variation` when every finding is in one version only.
 */
export function checkOutcome(
  name: CheckName,
  findings: readonly Finding[],
  passMessage: string,
  versionCount = 1,
): CheckResult {
  if (findings.length === 0) return { name, status: 'pass', message: passMessage };
  const byText = new Map<string, { status: 'warn' | 'fail'; variations: Set<number> }>();
  for (const finding of findings) {
    const entry = byText.get(finding.text) ?? { status: finding.status, variations: new Set<number>() };
    if (finding.status === 'fail') entry.status = 'fail';
    entry.variations.add(finding.variation);
    byText.set(finding.text, entry);
  }
  const entries = [...byText].map(([text, entry]) => ({ text, ...entry }));
  const status = entries.some((entry) => entry.status === 'fail') ? 'fail' : 'warn';
  const details = entries.map(({ text, variations }) =>
    versionCount <= 1 || variations.size === versionCount
      ? text
      : `${capitalized(
          [...variations]
            .sort((a, b) => a - b)
            .map(versionName)
            .join(', '),
        )}: ${text}`,
  );
  const worst = entries.find((entry) => entry.status === status)!;
  const more = entries.length - 1;
  const message = more === 0 ? worst.text : `${worst.text} (and ${more} more)`;
  const variations = new Set(findings.map((finding) => finding.variation));
  const only = versionCount > 1 && variations.size === 1 ? [...variations][0] : undefined;
  return { name, status, message, ...(only === undefined ? {} : { variation: only }), details };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
