import { BOUNCE_MESSAGE_MAX_BYTES } from '@herald/protocol';
import type { SMTPServerAddress, SMTPServerSession } from 'smtp-server';
import type { Services } from '../services.ts';
import { readBounceReport } from './bounce-report.ts';
import { announceOutcome, recordDeliveryOutcome } from './delivery-outcome.ts';
import { isUnsubscribeMailbox, unsubscribeByMail } from './mailto-unsubscribe.ts';
import { deliveryIdOfReturnPath, returnPathOwner, type ReturnPathOwner } from './return-path.ts';

/** The owner each accepted recipient's host belongs to, kept on the session between RCPT TO and DATA. */
const owners = new WeakMap<SMTPServerSession, Map<string, ReturnPathOwner>>();

/** An SMTP reply with its code, as smtp-server reads a callback's error. */
function reply(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The inbound SMTP listener for bounces and complaints (docs/architecture.md § Bounces and complaints) and for
 * the List-Unsubscribe mailto: it accepts mail only for the return paths (any local part at an organization's
 * verified `{envfrom}.{domain}` or at HERALD_RETURN_PATH_HOST), so it relays nothing; needs no login, as the MTAs
 * that return DSNs have none; and refuses a message over BOUNCE_MESSAGE_MAX_BYTES. Answers the function that
 * stops it.
 */
export async function startBounceListener(services: Services, port: number): Promise<() => Promise<void>> {
  const { config, db, log } = services;
  // Loaded here, where a listener is wanted (HERALD_BOUNCE_SMTP_PORT), not by every start.
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    // Behind the MX (or on loopback): STARTTLS would need a certificate the peer does not check anyway.
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    size: BOUNCE_MESSAGE_MAX_BYTES,
    banner: 'Herald bounce listener',
    logger: false,
    closeTimeout: 5_000,
    onRcptTo(address: SMTPServerAddress, session, callback) {
      returnPathOwner(db, config.returnPathHost, address.address).then(
        (owner) => {
          if (!owner) return callback(reply(550, 'No such return path here; relaying is not allowed'));
          const accepted = owners.get(session) ?? new Map<string, ReturnPathOwner>();
          accepted.set(address.address, owner);
          owners.set(session, accepted);
          callback();
        },
        (error: unknown) => {
          log.error({ err: error }, 'bounce listener: return path lookup failed');
          callback(reply(451, 'Try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(reply(552, 'Message too large'));
        receiveMessage(services, Buffer.concat(chunks), recipientsOf(session)).then(
          () => callback(),
          (error: unknown) => {
            // Stored nothing: a temporary failure makes the reporting MTA send it again later.
            log.error({ err: error }, 'bounce listener: a report could not be recorded');
            callback(reply(451, 'Try again later'));
          },
        );
      });
    },
  });
  server.on('error', (error) => log.error({ err: error }, 'bounce listener error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.bounceSmtpHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info({ port, host: config.bounceSmtpHost }, 'bounce listener started');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * The owners of this transaction's recipients. A session may carry several messages (RSET, a second MAIL
 * FROM), and the map keeps every recipient accepted in it: only the envelope's own count for this message.
 */
function recipientsOf(session: SMTPServerSession): Map<string, ReturnPathOwner> {
  const accepted = owners.get(session) ?? new Map<string, ReturnPathOwner>();
  const current = new Map<string, ReturnPathOwner>();
  for (const { address } of session.envelope.rcptTo) {
    const owner = accepted.get(address);
    if (owner) current.set(address, owner);
  }
  return current;
}

/**
 * One message to the return paths: to the List-Unsubscribe mailto it is an unsubscribe request
 * (mailto-unsubscribe.ts), to any other return path a report (receiveBounce).
 */
async function receiveMessage(
  services: Services,
  raw: Buffer,
  recipients: ReadonlyMap<string, ReturnPathOwner>,
): Promise<void> {
  const reportRecipients = new Map<string, ReturnPathOwner>();
  for (const [address, owner] of recipients) {
    if (isUnsubscribeMailbox(address)) await unsubscribeByMail(services, address, owner);
    else reportRecipients.set(address, owner);
  }
  if (reportRecipients.size > 0) await receiveBounce(services, raw, reportRecipients);
}

/**
 * Records one message that came to the return paths. The delivery is the one the returned message's
 * X-Herald-Delivery header names, else the one a VERP recipient names; it counts only when it belongs to the
 * organization whose return path the message came to (any, at the product's host). Anything that is no
 * report (an auto-reply, a report about nothing Herald sent) is accepted and dropped.
 */
export async function receiveBounce(
  services: Services,
  raw: Buffer,
  recipients: ReadonlyMap<string, ReturnPathOwner>,
): Promise<void> {
  const report = await readBounceReport(raw);
  if (!report?.outcome) return;
  for (const [address, owner] of recipients) {
    const deliveryId = report.deliveryId ?? deliveryIdOfReturnPath(address);
    if (deliveryId === undefined) continue;
    const organizationId =
      owner === 'product' ? await organizationOfDelivery(services, deliveryId) : owner.organizationId;
    if (organizationId === undefined) continue;
    const prefix = report.outcome.kind === 'complaint' ? 'arf' : 'dsn';
    const recorded = await recordDeliveryOutcome(services.db, {
      organizationId,
      deliveryId,
      reportKey: `${prefix}:${report.reportId}`,
      outcome: report.outcome,
    });
    if (recorded) await announceOutcome(services, organizationId, recorded);
    // One report is about one message: the first recipient that names a delivery decides.
    return;
  }
}

async function organizationOfDelivery(services: Services, deliveryId: number): Promise<number | undefined> {
  const row = await services.db
    .selectFrom('delivery')
    .select('organization_id')
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  return row?.organization_id;
}
