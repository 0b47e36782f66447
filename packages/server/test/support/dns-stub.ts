import { createServer, Packet } from 'dns2';

/** The answers a test publishes: TXT strings and CNAME targets by name. */
interface Published {
  txt: string[];
  cname: string[];
}

/** TXT character-strings hold at most 255 bytes; a DKIM key is longer and is published in pieces. */
function characterStrings(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += 255) pieces.push(text.slice(at, at + 255));
  return pieces.length > 0 ? pieces : [''];
}

/**
 * A DNS server on loopback (UDP on a random port) that answers what a test publishes, the way a
 * domain's DNS would: an unknown name is NXDOMAIN, a known name without the type asked is an empty answer.
 * Point Herald at it with `dnsServers: [stub.server]`.
 */
export interface DnsStub {
  /** `127.0.0.1:port`, as HERALD_DNS_SERVERS takes it. */
  server: string;
  publishTxt(name: string, ...values: string[]): void;
  publishCname(name: string, target: string): void;
  unpublish(name: string): void;
  close(): Promise<void>;
}

export async function startDnsStub(): Promise<DnsStub> {
  const published = new Map<string, Published>();
  const entry = (name: string): Published => {
    const key = name.toLowerCase().replace(/\.$/, '');
    const existing = published.get(key);
    if (existing) return existing;
    const created: Published = { txt: [], cname: [] };
    published.set(key, created);
    return created;
  };
  const server = createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      const records = question && published.get(question.name.toLowerCase().replace(/\.$/, ''));
      if (!question || !records) {
        void send(Packet.createErrorResponseFromRequest(request, 3));
        return;
      }
      const response = Packet.createResponseFromRequest(request);
      if (question.type === Packet.TYPE.TXT)
        for (const value of records.txt)
          response.answers.push(
            Packet.createResourceFromQuestion(question, { ttl: 0, data: characterStrings(value) }),
          );
      if (question.type === Packet.TYPE.CNAME || question.type === Packet.TYPE.A)
        for (const target of records.cname)
          response.answers.push(
            Packet.createResourceFromQuestion(question, { type: Packet.TYPE.CNAME, ttl: 0, domain: target }),
          );
      void send(response);
    },
  });
  // UDP only: the largest answer here (a 2048-bit DKIM key) fits in one datagram.
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = addresses.udp?.port;
  if (!port) throw new Error('The DNS stub did not start');
  return {
    server: `127.0.0.1:${port}`,
    publishTxt: (name, ...values) => entry(name).txt.push(...values),
    publishCname: (name, target) => entry(name).cname.push(target),
    unpublish: (name) => published.delete(name.toLowerCase()),
    close: () => server.close(),
  };
}
