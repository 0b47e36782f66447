/** The WebSocket address of a channel path on the page's own origin: wss on https pages, ws otherwise. */
export function channelAddress(path: string, page: { protocol: string; host: string }): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}${path}`;
}
