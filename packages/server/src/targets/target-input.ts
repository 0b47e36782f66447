import { HeraldError, targetFromInput, validateTarget, type TargetNode } from '@herald/protocol';
import type { RawBuilder } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';
import { compileTarget } from './compile-target.ts';
import { loadTargetCatalogue, type TargetScope } from './target-catalogue.ts';

/** A target expression checked against its organization, with the SQL condition it compiles to. */
export interface CheckedTarget {
  tree: TargetNode;
  condition: RawBuilder<boolean>;
}

/**
 * Reads a target expression as a client sends it (the text form or the JSON tree), checks it against the
 * organization's fields, lists, audiences, tags and partitions, and compiles it. Refusals are
 * ValidationError at `path`: a parse error carries the position (PROTOCOL §6).
 */
export async function checkTarget(
  db: Kysely<Database> | Transaction<Database>,
  /** The organization, or a user (query/resources.ts's Actor fits) whose partitions limit what may be named. */
  scope: number | TargetScope,
  input: unknown,
  path: string,
  now: Date = new Date(),
): Promise<CheckedTarget> {
  const parsed = targetFromInput(input);
  if (!parsed.ok)
    throw new HeraldError('ValidationError', {
      details: [{ path, message: parsed.message, position: parsed.position }],
    });
  const catalogue = await loadTargetCatalogue(db, scope);
  const organizationId = typeof scope === 'number' ? scope : scope.organizationId;
  const problems = validateTarget(parsed.tree, catalogue);
  if (problems.length > 0)
    throw new HeraldError('ValidationError', { details: problems.map((message) => ({ path, message })) });
  return {
    tree: parsed.tree,
    condition: compileTarget(parsed.tree, { organizationId, now, fields: catalogue.fields }),
  };
}
