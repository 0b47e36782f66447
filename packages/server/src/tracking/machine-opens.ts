import ipaddr from 'ipaddr.js';

/**
 * Mail-privacy proxies that fetch a message's images whether or not anyone reads it (docs/architecture.md
 * § Engagement figures): their opens are recorded with `machine: true` and counted apart in reports. The list is
 * small and documented rather than complete; each entry says what it recognises.
 */
const MACHINE_USER_AGENTS: ReadonlyArray<{ pattern: RegExp; who: string }> = [
  // Gmail fetches images through its proxy ("… via ggpht.com GoogleImageProxy"), often ahead of reading.
  { pattern: /GoogleImageProxy/i, who: 'Gmail image proxy' },
  { pattern: /YahooMailProxy/i, who: 'Yahoo Mail image proxy' },
  // Apple Mail Privacy Protection preloads every image with this bare agent and nothing more.
  { pattern: /^Mozilla\/5\.0$/, who: 'Apple Mail Privacy Protection' },
  { pattern: /Outlook-iOS-Android|ms-office.*preview/i, who: 'Outlook image proxy' },
  { pattern: /Mimecast|Barracuda|Proofpoint|ZScaler/i, who: 'security gateway scanner' },
];

/** Networks of proxies that preload images. Apple's Mail Privacy Protection fetches from Apple's 17.0.0.0/8. */
const MACHINE_NETWORKS = ['17.0.0.0/8'].map((cidr) => ipaddr.parseCIDR(cidr));

/** Whether an open came from a mail-privacy proxy or a scanner rather than, evidently, a reader. */
export function isMachineOpen(userAgent: string | undefined, remoteAddress: string): boolean {
  const agent = (userAgent ?? '').trim();
  if (MACHINE_USER_AGENTS.some(({ pattern }) => pattern.test(agent))) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // A dual-stack socket shows an IPv4 client as ::ffff:a.b.c.d; compare it as the IPv4 it is.
    address = ipaddr.process(remoteAddress);
  } catch {
    return false;
  }
  return MACHINE_NETWORKS.some(
    ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
  );
}
