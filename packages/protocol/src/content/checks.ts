import { z } from 'zod';

/**
 * The checks an activity passes before approval and deployment (PROTOCOL §8, functional §5), in the order a
 * check panel shows them. Each answers pass, warn or fail with a message that says what to fix.
 */
export const CHECK_NAMES = [
  'size',
  'images',
  'links',
  'subject',
  'officeXml',
  'from',
  'trackingImage',
  'destination',
  'recipients',
  'content',
] as const;
export type CheckName = (typeof CHECK_NAMES)[number];

export const CHECK_STATUSES = ['pass', 'warn', 'fail'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

/**
 * One check's outcome. `variation` names the multivariate version it concerns (0 is the original) when the
 * outcome is about one version only; `details` are the individual findings (an image without alt text, a
 * link to localhost), each a sentence, for a panel that lists them.
 */
export const checkResultSchema = z.object({
  name: z.enum(CHECK_NAMES),
  status: z.enum(CHECK_STATUSES),
  message: z.string(),
  variation: z.number().int().nonnegative().optional(),
  details: z.array(z.string()).optional(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

/** A check run's worst outcome: fail if any failed, else warn if any warned, else pass. */
export function worstCheckStatus(results: readonly Pick<CheckResult, 'status'>[]): CheckStatus {
  if (results.some((result) => result.status === 'fail')) return 'fail';
  if (results.some((result) => result.status === 'warn')) return 'warn';
  return 'pass';
}
