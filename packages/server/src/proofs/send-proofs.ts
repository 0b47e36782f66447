import {
  emailAddressProblem,
  PROOF_RECIPIENT_LIMIT,
  type Channel,
  type ProofSent,
  type RenderedPreview,
} from '@herald/protocol';
import { previewRecipient, SAMPLE_RECIPIENT } from '../activities/preview-recipient.ts';
import { listTestProfiles } from '../activities/test-profiles.ts';
import { notifyUsers } from '../notifications/notify-users.ts';
import { validation, type Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { proofVersion, readProofContent, renderProofFor } from './proof-content.ts';

/** Who gets proofs: addresses (personalized as the sample recipient) and test profiles (each as itself). */
export interface ProofRequest {
  activityId: number;
  revisionId?: number | undefined;
  /** The version to send (0, the original, unless named). */
  variation?: number | undefined;
  emails?: readonly string[] | undefined;
  testProfileIds?: readonly number[] | undefined;
}

/** How a channel is named in a proof's subject, so a proof of an SMS is not mistaken for an e-mail. */
const CHANNEL_NAMES: Record<Channel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  pushnotification: 'Push notification',
  whatsapp: 'WhatsApp',
  web: 'Web message',
  line: 'LINE',
  displayad: 'Display ad',
};

/**
 * Sends a proof of an activity's revision (PROTOCOL §8 `proof`) through Herald's mail path: each goes into
 * the outbox and out over SMTP when it is configured, like every other message. A test profile's proof is
 * personalized as that profile and goes to its address; a bare address gets the sample recipient's. Links
 * in a proof are a preview's, so unsubscribing from one unsubscribes nobody. A proof of another channel is
 * an e-mail carrying the message as the profile would get it. The caller is told in their notifications.
 */
export async function sendProofs(
  services: Pick<Services, 'db' | 'config' | 'mailer'>,
  actor: Actor,
  request: ProofRequest,
): Promise<ProofSent[]> {
  const { db, config, mailer } = services;
  const recipients = await proofRecipients(services, actor, request);
  const proof = await readProofContent(db, actor, request.activityId, request.revisionId);
  const variation = request.variation ?? 0;
  const version = await proofVersion(db, actor, proof, variation);
  const sent: ProofSent[] = [];
  for (const recipient of recipients) {
    const personalized = await previewRecipient(db, config, actor, {
      testProfileId: recipient.testProfileId,
    });
    const rendered = await renderProofFor(proof, version, personalized);
    const subject = proofSubject(proof.activity.type, proof.activity.name, rendered);
    const outboxId = await mailer.send({
      to: recipient.to,
      subject,
      text: proofText(proof.activity.type, rendered),
      ...(rendered.html !== '' ? { html: rendered.html } : {}),
    });
    sent.push({
      to: recipient.to,
      renderedAs: recipient.renderedAs,
      ...(recipient.testProfileId !== undefined ? { testProfileId: recipient.testProfileId } : {}),
      variation,
      subject,
      outboxId,
      errors: rendered.errors,
    });
  }
  await notifyUsers(db, {
    organizationId: actor.organizationId,
    userIds: [actor.userId],
    kind: 'proofs',
    actorUserId: actor.userId,
    messageKey: 'proofSent',
    messageValues: { name: proof.activity.name, count: sent.length },
    recordType: 'activity',
    recordId: proof.activity.id,
  });
  return sent;
}

interface ProofRecipient {
  to: string;
  renderedAs: string;
  testProfileId?: number;
}

/** The request's people, checked: real addresses, test profiles of the organization with an address, a few. */
async function proofRecipients(
  services: Pick<Services, 'db'>,
  actor: Actor,
  request: ProofRequest,
): Promise<ProofRecipient[]> {
  const emails = [...new Set(request.emails ?? [])];
  const profileIds = [...new Set(request.testProfileIds ?? [])];
  if (emails.length + profileIds.length === 0)
    throw validation('emails', 'Give at least one address or test profile to send a proof to');
  if (emails.length + profileIds.length > PROOF_RECIPIENT_LIMIT)
    throw validation('emails', `A proof goes to at most ${PROOF_RECIPIENT_LIMIT} people at once`);
  const recipients: ProofRecipient[] = [];
  for (const [index, email] of emails.entries()) {
    const problem = emailAddressProblem(email);
    if (problem) throw validation(`emails.${index}`, problem);
    const sample = `${SAMPLE_RECIPIENT.firstname} ${SAMPLE_RECIPIENT.lastname}`;
    recipients.push({ to: email, renderedAs: sample });
  }
  if (profileIds.length > 0) {
    const profiles = new Map(
      (await listTestProfiles(services.db, actor)).map((entry) => [entry.userId, entry]),
    );
    for (const [index, id] of profileIds.entries()) {
      const profile = profiles.get(id);
      if (!profile)
        throw validation(`testProfileIds.${index}`, 'This is not a test profile of this organization');
      if (!profile.email)
        throw validation(`testProfileIds.${index}`, `${profile.name}'s test profile has no e-mail address`);
      recipients.push({ to: profile.email, renderedAs: profile.name, testProfileId: id });
    }
  }
  return recipients;
}

function proofSubject(channel: Channel, activityName: string, rendered: RenderedPreview): string {
  if (channel === 'email') return `[Proof] ${rendered.subject}`;
  const what = rendered.subject !== '' ? `${activityName}: ${rendered.subject}` : activityName;
  return `[Proof · ${CHANNEL_NAMES[channel]}] ${what}`;
}

/** The text part: an e-mail's own, another channel's message as it would arrive, with its render problems. */
function proofText(channel: Channel, rendered: RenderedPreview): string {
  const problems = rendered.errors.map(
    (error) => `- ${error.message}${error.line ? ` (line ${error.line})` : ''}`,
  );
  const body = channel === 'email' ? rendered.text : `${CHANNEL_NAMES[channel]} proof\n\n${rendered.text}`;
  return problems.length === 0 ? body : `${body}\n\nThis proof has problems to fix:\n${problems.join('\n')}`;
}
