import { sql, type Kysely } from 'kysely';

/**
 * Runs a block of parameterless DDL one statement at a time. PGlite's extended-protocol `query` takes one
 * statement per call, and running them singly keeps PGlite and PostgreSQL on the same path.
 * Statements are split on semicolons at line ends, so DDL here must not put one inside a string literal.
 */
export async function runStatements(db: Kysely<unknown>, block: string): Promise<void> {
  const statements = block
    .split(/;\s*\n/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
