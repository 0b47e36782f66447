import type { WebContent } from '@herald/protocol';

/**
 * The document the web message's preview frame shows: a mock page of the organization's site with the message
 * laid over it as a banner along the top or a modal in the middle. The frame is sandboxed with no permissions
 * (no scripts, no forms, no navigation), so whatever the HTML holds is shown, never run. A Content-Security-
 * Policy meta says the same to a browser that would ignore the sandbox.
 */
export function webPreviewDocument(html: string, placement: WebContent['placement']): string {
  const overlay =
    placement === 'banner'
      ? `<div class="banner" data-placement="banner">${html}</div>`
      : `<div class="backdrop"><div class="modal" role="dialog" data-placement="modal">${html}</div></div>`;
  return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'; base-uri 'none'">
<style>
body{margin:0;font-family:system-ui,sans-serif;color:#222;background:#f4f4f4}
.page{padding:48px 24px}.bar{height:14px;background:#ddd;border-radius:7px;margin:12px 0}
.hero{height:120px;background:#e2e2e2;border-radius:8px;margin-bottom:20px}
.banner{position:fixed;top:0;left:0;right:0;background:#fff;box-shadow:0 2px 8px rgba(0,0,0,.2);padding:12px 16px}
.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center}
.modal{background:#fff;border-radius:8px;max-width:80%;max-height:80%;overflow:auto;padding:20px;box-shadow:0 8px 24px rgba(0,0,0,.3)}
</style></head><body><div class="page" aria-hidden="true"><div class="hero"></div><div class="bar"></div>
<div class="bar" style="width:80%"></div><div class="bar" style="width:60%"></div></div>${overlay}</body></html>`;
}
