import {
  countCombinations,
  type ActivityContent,
  type ActivityRecord,
  type Channel,
  type DeliveryError,
} from '@herald/protocol';
import type { Kysely } from 'kysely';
import { readVisibleActivity } from '../activities/activity-record.ts';
import { contentVersion } from '../activities/content-version.ts';
import { withFreshDesign } from '../activities/fresh-email-design.ts';
import { returnPathAddress } from '../bounces/return-path.ts';
import type { Database } from '../database/schema.ts';
import type { JobServices } from '../jobs/job-runner.ts';
import type { Actor } from '../query/resources.ts';
import { addTracking, trackedLinksOf } from '../tracking/add-tracking.ts';
import { recordRunLinks, runLinksOf } from '../tracking/tracked-links.ts';
import { compileContent, type CompiledContent, type RenderedContent } from './channel-render.ts';
import type { ClaimedDelivery } from './claim.ts';
import type {
  EmailMessage,
  LineMessage,
  OutgoingMessage,
  PushMessage,
  SmsMessage,
  WhatsAppMessage,
} from './messenger.ts';
import { phoneAddress, profileText } from './recipient-address.ts';
import { emailSenderFor, trackingBaseFor, type EmailSender } from './sender.ts';
import { deliveryHeaders } from './transports/email-headers.ts';

/** The run as a worker reads it. */
export interface RunRow {
  id: number;
  organization_id: number;
  activity_id: number;
  revision_id: number;
  channel: Channel;
  status: string;
}

/** One recipient's message made ready, or why it could not be. */
export type Composed = { message: OutgoingMessage } | { error: DeliveryError };

/**
 * What a worker prepares once per run (docs/architecture.md § The delivery engine, preparing): the activity and
 * the approved revision it sends, its versions compiled (an e-mail's combinations, each with its shared blocks
 * and theme as they are now), the sender, where tracking links point and the run's recorded links; then `compose`
 * makes each recipient's message on the activity's channel.
 */
export class RunContext {
  readonly run: RunRow;
  readonly activity: ActivityRecord;
  readonly #db: Kysely<Database>;
  readonly #services: JobServices;
  readonly #content: ActivityContent;
  readonly #organizationName: string;
  readonly #smsFrom: string;
  readonly #versions = new Map<number, Promise<CompiledContent>>();
  /** Whether any part names `view_online_url`: its signed URL is made per recipient only then. */
  readonly #usesViewOnline: boolean;
  #sender: EmailSender | undefined;
  #trackingBase = '';
  #runLinks: string[] = [];

  private constructor(
    db: Kysely<Database>,
    services: JobServices,
    run: RunRow,
    activity: ActivityRecord,
    content: ActivityContent,
    organizationName: string,
  ) {
    this.#db = db;
    this.#services = services;
    this.run = run;
    this.activity = activity;
    this.#content = content;
    this.#organizationName = organizationName;
    this.#usesViewOnline = JSON.stringify(content).includes('view_online_url');
    // An alphanumeric sender id (11 characters at most, GSM letters and digits), which SMS providers accept
    // where a number is not set up; docs/architecture.md § The delivery engine.
    this.#smsFrom = organizationName.replace(/[^A-Za-z0-9]/g, '').slice(0, 11) || 'Herald';
  }

  static async open(
    db: Kysely<Database>,
    services: JobServices,
    run: RunRow,
  ): Promise<RunContext | undefined> {
    const actor = systemActor(run.organization_id);
    const activity = await readVisibleActivity(db, actor, run.activity_id);
    if (!activity) return undefined;
    const revision = await db
      .selectFrom('activity_revision')
      .select('content')
      .where('id', '=', run.revision_id)
      .where('organization_id', '=', run.organization_id)
      .executeTakeFirst();
    const organization = await db
      .selectFrom('organization')
      .select('name')
      .where('id', '=', run.organization_id)
      .executeTakeFirst();
    if (!revision) return undefined;
    const context = new RunContext(
      db,
      services,
      run,
      activity,
      revision.content as ActivityContent,
      organization?.name ?? '',
    );
    await context.#prepare();
    return context;
  }

  /** How many versions recipients are spread over (an e-mail's combinations; 1 elsewhere). */
  static versionsOf(content: ActivityContent): number {
    const email = content.channels.email;
    return email ? Math.max(1, countCombinations(email)) : 1;
  }

  async #prepare(): Promise<void> {
    const { config } = this.#services;
    this.#trackingBase = await trackingBaseFor(this.#db, config.publicUrl, this.run.organization_id);
    const email = this.#content.channels.email;
    if (this.run.channel === 'email' && email) {
      this.#sender = await emailSenderFor(this.#db, config, this.run.organization_id, email);
    }
    if (this.run.channel === 'email' || this.run.channel === 'web') {
      this.#runLinks = await runLinksOf(this.#db, this.run.id);
      if (this.#runLinks.length === 0) {
        // The run's links are the original version's for a recipient with no profile: what most messages
        // share. A personalized or varied link differs and is signed into its own token.
        const rendered = (await this.#version(0)).render(this.#recipient({ id: null }, '0'));
        const html =
          rendered.channel === 'email'
            ? rendered.email.html
            : rendered.channel === 'web'
              ? rendered.html
              : '';
        await recordRunLinks(this.#db, this.run.id, trackedLinksOf(html));
        this.#runLinks = await runLinksOf(this.#db, this.run.id);
      }
    }
  }

  #version(variation: number): Promise<CompiledContent> {
    let compiled = this.#versions.get(variation);
    if (!compiled) {
      compiled = (async () => {
        const version = contentVersion(this.#content, variation);
        const email = version.channels.email;
        const fresh = email
          ? {
              ...version,
              channels: {
                ...version.channels,
                email: await withFreshDesign(this.#db, systemActor(this.run.organization_id), email),
              },
            }
          : version;
        return compileContent(this.run.channel, fresh);
      })();
      this.#versions.set(variation, compiled);
    }
    return compiled;
  }

  #recipient(subscriber: Record<string, unknown>, deliveryId: string) {
    const { trackingTokens } = this.#services;
    const base = this.#trackingBase;
    return {
      subscriber,
      unsubscribeUrl: trackingTokens.urlFor(base, { deliveryId, kind: 'unsubscribe' }),
      viewOnlineUrl: this.#usesViewOnline ? trackingTokens.urlFor(base, { deliveryId, kind: 'view' }) : '',
      organization: { name: this.#organizationName },
    };
  }

  /** One recipient's message, or a render error with the part, line and tag it failed at. */
  async compose(delivery: ClaimedDelivery): Promise<Composed> {
    const deliveryId = String(delivery.id);
    const compiled = await this.#version(delivery.variation).catch(() => this.#version(0));
    const recipient = this.#recipient(delivery.subscriber, deliveryId);
    const rendered = compiled.render(recipient);
    const failure = rendered.errors[0];
    if (failure) {
      return {
        error: {
          stage: 'render',
          message: failure.message,
          part: failure.part,
          ...(failure.line === undefined ? {} : { line: failure.line }),
          ...tagOf(failure.message),
          permanent: true,
        },
      };
    }
    const common = {
      deliveryId,
      organizationId: this.run.organization_id,
      activityId: this.run.activity_id,
      subscriberId: delivery.subscriberId,
    };
    return this.#message(rendered, delivery, common, recipient.unsubscribeUrl);
  }

  #message(
    rendered: RenderedContent,
    delivery: ClaimedDelivery,
    common: OutgoingMessage,
    unsubscribeUrl: string,
  ): Composed {
    const subscriber = delivery.subscriber;
    const text = (name: string) =>
      typeof subscriber[name] === 'string' ? (subscriber[name] as string).trim() : '';
    const noAddress = (what: string): Composed => ({
      error: { stage: 'send', message: `The subscriber has no ${what}`, permanent: true },
    });
    const send = <Message extends OutgoingMessage>(message: Message): Composed => ({ message });
    switch (rendered.channel) {
      case 'email': {
        const sender = this.#sender;
        const to = text('email');
        if (!sender)
          return { error: { stage: 'send', message: 'The revision has no e-mail content', permanent: true } };
        if (!to) return noAddress('e-mail address');
        const tracked = addTracking(rendered.email.html, common.deliveryId, this.#trackingBase, {
          tokens: this.#services.trackingTokens,
          runLinks: this.#runLinks,
        });
        return send<EmailMessage>({
          ...common,
          to,
          from: sender.from,
          returnPath: returnPathAddress(common.deliveryId, sender.returnPathHost),
          subject: rendered.email.subject,
          html: tracked.html,
          text: rendered.email.text,
          headers: deliveryHeaders(common.deliveryId, {
            url: unsubscribeUrl,
            // A signed token, not the bare delivery id: anyone could otherwise unsubscribe others by guessing.
            mailto: `${this.#services.trackingTokens.unsubscribeMailbox(common.deliveryId)}@${sender.returnPathHost}`,
          }),
          ...(sender.dkim ? { dkim: sender.dkim } : {}),
        });
      }
      case 'sms': {
        const phone = text('phone');
        if (!phone) return noAddress('phone number');
        return send<SmsMessage>({
          ...common,
          to: phoneAddress(phone),
          from: this.#smsFrom,
          text: rendered.text,
        });
      }
      case 'whatsapp': {
        const phone = text('phone');
        const whatsapp = this.#content.channels.whatsapp;
        if (!phone || !whatsapp) return noAddress('phone number');
        return send<WhatsAppMessage>({
          ...common,
          to: phoneAddress(phone).replace(/^\+/, ''),
          template: {
            name: whatsapp.templateName,
            language: whatsapp.language,
            parameters: rendered.parameters,
          },
        });
      }
      case 'line': {
        const to = profileText(subscriber, 'lineUserId');
        if (!to) return noAddress('LINE user id');
        return send<LineMessage>({ ...common, to, messages: rendered.messages });
      }
      case 'pushnotification': {
        const push = this.#content.channels.pushnotification;
        const token = profileText(subscriber, 'pushToken');
        const webPush = profileText(subscriber, 'webPush');
        const to = token
          ? { kind: 'fcm' as const, token }
          : webPush
            ? { kind: 'webpush' as const, subscription: JSON.parse(webPush) as never }
            : undefined;
        if (!to) return noAddress('push token or Web Push subscription');
        return send<PushMessage>({
          ...common,
          to,
          title: rendered.title,
          body: rendered.body,
          ...(push?.deepLink ? { url: push.deepLink } : {}),
          ...(push?.imageUrl ? { image: push.imageUrl } : {}),
        });
      }
      case 'web': {
        const tracked = addTracking(rendered.html, common.deliveryId, this.#trackingBase, {
          tokens: this.#services.trackingTokens,
          runLinks: this.#runLinks,
          // The open is counted by the site script's impression, not a pixel.
          pixel: false,
        });
        return send({ ...common, html: tracked.html });
      }
      case 'displayad':
        return {
          error: { stage: 'send', message: 'A display ad is sent as one audience file', permanent: true },
        };
    }
  }
}

/** The personalization tag a render error names, when its message quotes one. */
function tagOf(message: string): { tag?: string } {
  const match = /(\{\{[^}]*\}\}|\{%[^%]*%\})/.exec(message);
  return match?.[1] ? { tag: match[1] } : {};
}

/** The engine reads as the organization, not as any one user: every partition. */
export function systemActor(organizationId: number): Actor {
  return { organizationId, userId: 0, capabilities: [], partitionIds: undefined };
}
