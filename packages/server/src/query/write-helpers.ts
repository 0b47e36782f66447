import { HeraldError } from '@herald/protocol';
import type { QueryResult, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../database/schema.ts';
import { validation, type Actor, type ResourceWriter } from './resources.ts';

/** Parses one item of writeRecords' data with its type's write schema; issues become ValidationError details. */
export function parseWrite<Schema extends z.ZodType>(
  schema: Schema,
  item: unknown,
  index: number,
): z.output<Schema> {
  const parsed = schema.safeParse(item);
  if (parsed.success) return parsed.data;
  throw new HeraldError('ValidationError', {
    details: parsed.error.issues.map((issue) => ({
      path: ['data', index, ...issue.path].map(String).join('.'),
      message: issue.message,
    })),
  });
}

/**
 * A type's writeRecords handler from the write of one item: each item is parsed with the type's schema and
 * written in order, its refusals reported at `data.N`.
 */
export function writeEach<Schema extends z.ZodType, Stored>(
  schema: Schema,
  writeOne: (
    trx: Transaction<Database>,
    actor: Actor,
    input: z.output<Schema>,
    path: string,
  ) => Promise<Stored>,
): ResourceWriter<Stored> {
  return async (trx, actor, data) => {
    const written: Stored[] = [];
    for (const [index, item] of data.entries())
      written.push(await writeOne(trx, actor, parseWrite(schema, item, index), `data.${index}`));
    return written;
  };
}

/**
 * The optimistic-concurrency rule of writeRecords: an update names the version (or updatedAt) it read, and a
 * record changed since answers StaleRecordError instead of being overwritten.
 */
export function checkVersion(
  input: { version?: number | undefined; updatedAt?: string | undefined },
  stored: { version: number; updatedAt: string },
  path: string,
): void {
  if (input.version === undefined && input.updatedAt === undefined)
    throw validation(`${path}.version`, 'An update needs the version (or updatedAt) it read');
  if (input.updatedAt !== undefined && Number.isNaN(Date.parse(input.updatedAt)))
    throw validation(`${path}.updatedAt`, 'Expected an ISO date and time');
  if (input.version !== undefined && input.version !== stored.version)
    throw new HeraldError('StaleRecordError');
  if (input.updatedAt !== undefined && Date.parse(input.updatedAt) !== Date.parse(stored.updatedAt))
    throw new HeraldError('StaleRecordError');
}

/** A new record must not name a version. */
export function checkNew(
  input: { version?: number | undefined; updatedAt?: string | undefined },
  path: string,
): void {
  if (input.version !== undefined || input.updatedAt !== undefined)
    throw validation(`${path}.version`, 'A new record has no version');
}

/** The one row an INSERT or UPDATE … RETURNING of a row known to exist answers. */
export function returnedRow<Row>(result: QueryResult<Row>): Row {
  const row = result.rows[0];
  if (row === undefined) throw new Error('The statement returned no row');
  return row;
}
