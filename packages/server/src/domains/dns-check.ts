import { Resolver } from 'node:dns/promises';
import type { DomainRecordStatus } from '@herald/protocol';
import { comparableName } from './domain-names.ts';
import type { ExpectedRecord } from './domain-records.ts';

/** What one lookup saw of one record. */
export interface RecordCheck {
  status: Exclude<DomainRecordStatus, 'unchecked'>;
  found: string[];
}

/** DNS answers for "no such name" and "no record of this type": the record is missing, not the DNS broken. */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);
const MAX_FOUND = 10;
const MAX_FOUND_LENGTH = 1_000;

/**
 * A resolver asking the configured servers (HERALD_DNS_SERVERS), or the system's. A new one per check: a
 * resolver keeps answers for their TTL, and Check now must see what DNS says now.
 */
export function domainResolver(servers: readonly string[]): Resolver {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return resolver;
}

/** Looks up each record and judges what came back. */
export function checkRecords(resolver: Resolver, records: readonly ExpectedRecord[]): Promise<RecordCheck[]> {
  return Promise.all(records.map((record) => checkRecord(resolver, record)));
}

async function checkRecord(resolver: Resolver, record: ExpectedRecord): Promise<RecordCheck> {
  let answers: string[];
  try {
    answers =
      record.type === 'TXT'
        ? (await resolver.resolveTxt(record.host)).map((chunks) => chunks.join(''))
        : await resolver.resolveCname(record.host);
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    return { status: ABSENT.has(code) ? 'missing' : 'failed', found: [] };
  }
  const { matched, relevant } = judge(record, answers);
  if (matched) return { status: 'ok', found: [] };
  const found = relevant.slice(0, MAX_FOUND).map((answer) => answer.slice(0, MAX_FOUND_LENGTH));
  return found.length > 0 ? { status: 'mismatch', found } : { status: 'missing', found: [] };
}

/** Whether an answer is the record, and which answers are of its kind (shown when none matches). */
function judge(record: ExpectedRecord, answers: string[]): { matched: boolean; relevant: string[] } {
  switch (record.purpose) {
    case 'dkim': {
      const wanted = tagOf(record.value, 'p');
      return { matched: answers.some((answer) => tagOf(answer, 'p') === wanted), relevant: answers };
    }
    case 'returnPath':
    case 'tracking':
      return {
        matched: answers.some((answer) => comparableName(answer) === comparableName(record.value)),
        relevant: answers,
      };
    case 'spf': {
      const spf = answers.filter((answer) => /^v=spf1(\s|$)/i.test(answer));
      const include = record.value.split(/\s+/).find((term) => term.startsWith('include:'));
      return {
        matched: spf.some((answer) =>
          answer
            .toLowerCase()
            .split(/\s+/)
            .includes(include ?? ''),
        ),
        relevant: spf,
      };
    }
    case 'dmarc': {
      // Advice: any DMARC policy the organization chose counts.
      const dmarc = answers.filter((answer) => /^v=DMARC1\s*(;|$)/i.test(answer));
      return { matched: dmarc.length > 0, relevant: answers };
    }
    case 'ownership': {
      const proofs = answers.filter((answer) => answer.startsWith('herald-verification='));
      return { matched: proofs.includes(record.value), relevant: proofs };
    }
  }
}

/** One tag of a DKIM record (`p`), whitespace removed as RFC 6376 §3.2 allows it anywhere. */
function tagOf(record: string, name: string): string | undefined {
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).replace(/\s+/g, '');
  }
  return undefined;
}
