/**
 * The provider's own e-mail domains (platform §2 guard 6, §6): the rules page is for administrators whose
 * address is on one of these. A constant of the web app, so it needs no environment; change it here (a
 * leading @ and any capitals are allowed). An empty list lets no one in.
 */
export const PROVIDER_DOMAINS: readonly string[] = ['example.com'];
