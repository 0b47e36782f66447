import type { Kysely } from 'kysely';
import { runStatements } from '../statements.ts';

/** Tables of the notifications area. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, ``);
}
