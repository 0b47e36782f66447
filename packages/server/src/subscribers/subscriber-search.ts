import { sql, type RawBuilder } from 'kysely';

/**
 * How a search term finds subscribers (the organization's subscriber page, a list's members and the header
 * search). A contains-search over a million subscribers reads every row (searches were measured past the 10 s
 * limit: docs/decisions/0030-subscriber-search-on-indexes.md), so the term is matched only in ways an index
 * answers (migration 0019):
 * - an e-mail address exactly, ignoring case (`subscriber_email`);
 * - a phone number exactly, ignoring spaces, dashes, dots and brackets (`subscriber_phone_digits`);
 * - the start of the first name or of the last name, ignoring case; "ann smi" is first name "ann…" and last
 *   name "smi…" (`subscriber_firstname_prefix`, `subscriber_lastname_prefix`);
 * - the start of the ref, the external id, as typed (`subscriber_ref`, unique, with text_pattern_ops since migration 0039).
 * Every branch names its column NOT NULL, which the partial indexes need to be chosen, and the planner
 * weighs each through the expression statistics of migration 0020.
 */
export function subscriberSearchCondition(term: string): RawBuilder<unknown> {
  // A term with an @ is an address: no name or ref holds one, and looking there too would make the planner
  // weigh four conditions where one unique index answers.
  if (term.includes('@'))
    return sql`(subscriber.email IS NOT NULL AND lower(subscriber.email) = lower(${term}))`;
  const branches: RawBuilder<unknown>[] = [];
  const phone = phoneDigits(term);
  if (phone !== null) {
    // Digits and separators are a phone number, or the start of a ref; never a name.
    branches.push(sql`(subscriber.phone IS NOT NULL AND ${PHONE_DIGITS} = ${phone})`);
  } else {
    const lowered = term.toLowerCase();
    branches.push(namePrefix('firstname', lowered), namePrefix('lastname', lowered));
    const words = lowered.split(/\s+/);
    if (words.length > 1) {
      const [first, ...rest] = words as [string, ...string[]];
      branches.push(sql`(${namePrefix('firstname', first)} AND ${namePrefix('lastname', rest.join(' '))})`);
    }
  }
  branches.push(sql`(subscriber.ref IS NOT NULL AND subscriber.ref LIKE ${prefixPattern(term)})`);
  return sql`(${sql.join(branches, sql` OR `)})`;
}

/** The phone number's digits: the expression of the `subscriber_phone_digits` index, word for word. */
const PHONE_DIGITS = sql`regexp_replace(subscriber.phone, '[^0-9]', '', 'g')`;

/**
 * The digits of a term that reads as a phone number (digits with the usual separators, at least six of
 * them), or null. "+61 400 123 456" and "0400-123-456" are looked up as 61400123456 and 0400123456.
 */
export function phoneDigits(term: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, '');
  return digits.length >= 6 ? digits : null;
}

/** A LIKE pattern for "starts with", the term's own wildcards escaped. */
export function prefixPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function namePrefix(column: 'firstname' | 'lastname', lowered: string): RawBuilder<unknown> {
  const ref = sql.ref(`subscriber.${column}`);
  return sql`(${ref} IS NOT NULL AND lower(${ref}) LIKE ${prefixPattern(lowered)})`;
}
