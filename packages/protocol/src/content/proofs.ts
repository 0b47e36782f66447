import { z } from 'zod';
import { renderedPreviewSchema } from '../commands/activities.ts';

/** At most this many people get one proof request (addresses and test profiles together). */
export const PROOF_RECIPIENT_LIMIT = 20;
/**
 * At most this many previews in a proof matrix (versions × test profiles): past it the matrix holds the first
 * versions whole and says it was cut, so a 1,000-combination e-mail cannot answer a gigabyte.
 */
export const PROOF_MATRIX_CELL_LIMIT = 60;

/**
 * One proof that went out: to whom, whose personalization it carries (a test profile's name, or the sample
 * recipient's for a bare address), which version, its subject as sent and any render problems (a proof with
 * problems still goes, so the reader sees them). `outboxId` is the message in the mail outbox.
 */
export const proofSentSchema = z.object({
  to: z.string(),
  renderedAs: z.string(),
  testProfileId: z.number().int().optional(),
  variation: z.number().int().nonnegative(),
  subject: z.string(),
  outboxId: z.number().int(),
  errors: renderedPreviewSchema.shape.errors,
});
export type ProofSent = z.infer<typeof proofSentSchema>;

/** One preview of a proof matrix: a version as one test profile (or the sample recipient, id null) gets it. */
export const proofMatrixCellSchema = renderedPreviewSchema.extend({
  variation: z.number().int().nonnegative(),
  testProfileId: z.number().int().nullable(),
});
export type ProofMatrixCell = z.infer<typeof proofMatrixCellSchema>;

/**
 * The proof matrix (PROTOCOL §8 generateProofMatrix): every version of the content × every test profile of
 * the organization ("Your account" first; the sample recipient when there are none), by version then
 * profile. `versions` is how many there are in all; `truncated` says cells were left out past the limit.
 */
export const proofMatrixSchema = z.object({
  versions: z.number().int().positive(),
  profiles: z.array(z.object({ testProfileId: z.number().int().nullable(), name: z.string() })),
  cells: z.array(proofMatrixCellSchema),
  truncated: z.boolean(),
});
export type ProofMatrix = z.infer<typeof proofMatrixSchema>;
