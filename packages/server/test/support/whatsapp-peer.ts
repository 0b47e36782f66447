import { randomBytes } from 'node:crypto';
import { HttpPeer, bearerOf, jsonOf, type PeerAnswer, type PeerRequest } from './http-peer.ts';

export interface WhatsAppPeerTemplate {
  name: string;
  language: string;
  /** WhatsApp's word: APPROVED, PENDING, REJECTED, PAUSED, DISABLED… */
  status: string;
}

export interface WhatsAppSentMessage {
  id: string;
  to: string;
  template: { name: string; language: string; parameters: string[] };
  callbackData: unknown;
}

/** The Graph API's error body. */
export function graphError(status: number, code: number, message: string, details?: string): PeerAnswer {
  return {
    status,
    json: {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'GraphMethodException',
        code,
        ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  };
}

/**
 * A WhatsApp Cloud API-compatible Graph API on loopback, at `/{version}`:
 * - `POST /{version}/{phone number id}/messages` with a Bearer token and a template message
 *   (`messaging_product: whatsapp`, `type: template`, `template: {name, language: {code}, components}`): the
 *   template must be one of the peer's, approved, with as many body parameters as it was given; answers
 *   `{messaging_product, contacts, messages: [{id: wamid…}]}`.
 * - `GET /{version}/{business account id}/message_templates?fields=…&limit=n[&after=cursor]`: the templates,
 *   three at most a page, with `paging.next`.
 * A wrong token answers 401 with code 190, a malformed message 400 with code 100, an unknown template 404 with
 * code 132001, a parameter count that does not match 400 with code 132000.
 */
export class WhatsAppPeer {
  readonly messages: WhatsAppSentMessage[] = [];
  readonly templates: Array<WhatsAppPeerTemplate & { parameterCount: number }>;
  private constructor(
    readonly http: HttpPeer,
    private readonly account: {
      version: string;
      phoneNumberId: string;
      businessAccountId: string;
      accessToken: string;
    },
    templates: Array<WhatsAppPeerTemplate & { parameterCount?: number }>,
  ) {
    this.templates = templates.map((template) => ({ parameterCount: 0, ...template }));
  }

  static async start(
    account: { version: string; phoneNumberId: string; businessAccountId: string; accessToken: string },
    templates: Array<WhatsAppPeerTemplate & { parameterCount?: number }> = [],
  ): Promise<WhatsAppPeer> {
    const http = await HttpPeer.start();
    const peer = new WhatsAppPeer(http, account, templates);
    http.serve((request) => peer.answer(request));
    return peer;
  }

  /** The base URL a credential names: the Graph API's, version included. */
  get baseUrl(): string {
    return `${this.http.url}/${this.account.version}`;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private answer(request: PeerRequest): PeerAnswer {
    if (bearerOf(request) !== this.account.accessToken)
      return graphError(401, 190, 'Invalid OAuth access token - Cannot parse access token');
    const url = new URL(request.path, this.http.url);
    const { version, phoneNumberId, businessAccountId } = this.account;
    if (request.method === 'POST' && url.pathname === `/${version}/${phoneNumberId}/messages`)
      return this.message(request);
    if (request.method === 'GET' && url.pathname === `/${version}/${businessAccountId}/message_templates`)
      return this.templatePage(url);
    return graphError(400, 100, `Unsupported ${request.method.toLowerCase()} request.`);
  }

  private message(request: PeerRequest): PeerAnswer {
    const body = jsonOf(request);
    const template = body?.template as
      { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
    if (
      !body ||
      body.messaging_product !== 'whatsapp' ||
      body.type !== 'template' ||
      typeof body.to !== 'string' ||
      !/^\+?\d{6,15}$/.test(body.to) ||
      typeof template?.name !== 'string' ||
      typeof template.language?.code !== 'string' ||
      !Array.isArray(template.components)
    )
      return graphError(400, 100, 'Invalid parameter');
    const known = this.templates.find(
      (candidate) => candidate.name === template.name && candidate.language === template.language?.code,
    );
    if (!known || known.status !== 'APPROVED')
      return graphError(404, 132001, 'Template name does not exist in the translation');
    const parameters = (template.components as Array<{ type?: unknown; parameters?: unknown }>)
      .filter((component) => component.type === 'body')
      .flatMap((component) => (Array.isArray(component.parameters) ? component.parameters : []))
      .map((parameter: { type?: unknown; text?: unknown }) =>
        parameter.type === 'text' ? parameter.text : undefined,
      );
    if (parameters.some((parameter) => typeof parameter !== 'string'))
      return graphError(400, 100, 'Invalid parameter');
    if (parameters.length !== known.parameterCount)
      return graphError(
        400,
        132000,
        'Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${known.parameterCount})`,
      );
    const failure = this.http.takeFailure();
    if (failure) return failure;
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    this.messages.push({
      id,
      to: body.to,
      template: { name: known.name, language: known.language, parameters: parameters as string[] },
      callbackData: body.biz_opaque_callback_data,
    });
    return {
      status: 200,
      json: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to.replace(/^\+/, '') }],
        messages: [{ id }],
      },
    };
  }

  private templatePage(url: URL): PeerAnswer {
    const failure = this.http.takeFailure();
    if (failure) return failure;
    // Pages of at most three, so a test of a handful of templates sees paging.
    const limit = Math.max(1, Math.min(3, Number(url.searchParams.get('limit') ?? 25)));
    const start = Number(url.searchParams.get('after') ?? 0);
    const page = this.templates.slice(start, start + limit);
    const nextStart = start + limit;
    const next = new URL(url);
    next.searchParams.set('after', String(nextStart));
    return {
      status: 200,
      json: {
        data: page.map(({ name, language, status }, index) => ({
          name,
          language,
          status,
          id: String(start + index),
        })),
        paging: {
          cursors: { before: String(start), after: String(nextStart) },
          ...(nextStart < this.templates.length ? { next: next.toString() } : {}),
        },
      },
    };
  }
}
