import { OpenIdClients } from './openid-client.ts';

/** What the single sign-on area keeps per server process: the issuers' discovered configurations and a clock. */
export class SsoService {
  readonly openId = new OpenIdClients();
  /** The time pending logins and handoff keys are judged by; tests move it to see them expire. */
  now: () => Date = () => new Date();
}
