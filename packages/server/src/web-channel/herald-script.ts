/**
 * `GET /w/herald.js`: the script an organization's site includes to show its on-site messages (docs/http.md
 * § Web channel). No dependencies, under 4 KB. `Herald.show({siteKey, subscriber, signature})`
 * fetches the subscriber's messages (the signature is the organization's server's HMAC of the ref), shows the
 * newest as a non-modal dialog at the foot of the page in a shadow root (the site's styles and Herald's leave
 * each other alone), reports the impression, and on close (the button or Escape) dismisses it. It answers a
 * promise of the message's id, or null when there is none. Herald's address is the script's own origin unless
 * `baseUrl` is given; `label` and `closeLabel` name the dialog and its button in the site's language.
 */
export const HERALD_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = script && script.src ? new URL(script.src).origin : '';
  function post(url) {
    try {
      fetch(url, { method: 'POST', mode: 'cors', credentials: 'omit', keepalive: true }).catch(function () {});
    } catch (e) {}
  }
  function show(options) {
    var base = (options.baseUrl || origin).replace(/\\/+$/, '') + '/w/' + encodeURIComponent(options.siteKey);
    var url = base + '/messages?subscriber=' + encodeURIComponent(options.subscriber) +
      '&signature=' + encodeURIComponent(options.signature);
    return fetch(url, { credentials: 'omit' })
      .then(function (response) { return response.ok ? response.json() : []; })
      .then(function (messages) {
        var message = messages && messages[0];
        if (!message) return null;
        var host = document.createElement('div');
        host.setAttribute('data-herald-message', message.id);
        host.style.cssText = 'position:fixed;left:0;right:0;bottom:0;z-index:2147483647';
        var root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
        var box = document.createElement('div');
        box.setAttribute('role', 'dialog');
        box.setAttribute('aria-label', options.label || 'Message');
        box.style.cssText = 'position:relative;box-sizing:border-box;margin:0 auto;max-width:640px;' +
          'background:#fff;color:#1a1a1a;border:1px solid #aaa;border-radius:8px 8px 0 0;' +
          'padding:16px 56px 16px 16px;box-shadow:0 -2px 12px rgba(0,0,0,.2);font:16px/1.5 system-ui,sans-serif';
        var content = document.createElement('div');
        content.innerHTML = message.html;
        var close = document.createElement('button');
        close.type = 'button';
        close.setAttribute('aria-label', options.closeLabel || 'Close');
        close.textContent = '\\u00d7';
        close.style.cssText = 'position:absolute;top:8px;right:8px;width:40px;height:40px;border:0;' +
          'border-radius:4px;background:#eee;color:#1a1a1a;font-size:24px;line-height:1;cursor:pointer';
        function onKey(event) {
          if (event.key === 'Escape') dismiss();
        }
        function dismiss() {
          document.removeEventListener('keydown', onKey);
          if (host.parentNode) host.parentNode.removeChild(host);
          post(base + '/dismiss/' + message.token);
        }
        close.addEventListener('click', dismiss);
        document.addEventListener('keydown', onKey);
        box.appendChild(content);
        box.appendChild(close);
        root.appendChild(box);
        document.body.appendChild(host);
        post(base + '/impression/' + message.token);
        return message.id;
      });
  }
  window.Herald = window.Herald || {};
  window.Herald.show = show;
})();
`;
