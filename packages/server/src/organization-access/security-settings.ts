import { HeraldError, type SecuritySettings } from '@herald/protocol';
import ipaddr from 'ipaddr.js';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  requireTwoFactor: false,
  adminIpAllowList: '',
  twoPersonExtractApproval: false,
  twoPersonActivityApproval: false,
};

/** Security settings live in organization.settings.security, beside the other organization settings. */
export async function readSecuritySettings(
  db: Kysely<Database>,
  organizationId: number,
): Promise<SecuritySettings> {
  const row = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const stored = (row?.settings.security ?? {}) as Partial<SecuritySettings>;
  return { ...DEFAULT_SECURITY_SETTINGS, ...stored };
}

export async function writeSecuritySettings(
  db: Kysely<Database>,
  organizationId: number,
  settings: SecuritySettings,
): Promise<void> {
  const row = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('organization')
    .set({ settings: JSON.stringify({ ...row.settings, security: settings }) })
    .where('id', '=', organizationId)
    .execute();
}

/** The allow-list's entries, one address or CIDR range a line; blank lines and `#` comments are skipped. */
export function parseAllowList(text: string): Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> {
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line.length === 0) return;
    try {
      ranges.push(line.includes('/') ? ipaddr.parseCIDR(line) : fullRange(ipaddr.parse(line)));
    } catch {
      throw new HeraldError('ValidationError', {
        details: [
          { path: 'adminIpAllowList', message: `Line ${index + 1} is not an IP address or range: ${line}` },
        ],
      });
    }
  });
  return ranges;
}

function fullRange(address: ipaddr.IPv4 | ipaddr.IPv6): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** Whether an address may act as administrator under the list; an empty list allows every address. */
export function isAddressAllowed(allowList: string, remoteAddress: string): boolean {
  const ranges = parseAllowList(allowList);
  if (ranges.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; compare it as the IPv4 it is.
    address = ipaddr.process(remoteAddress);
  } catch {
    return false;
  }
  return ranges.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits));
}
