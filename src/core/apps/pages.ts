/**
 * The two pages mcpdeck serves for an app: the host page (mcpdeck's origin, which runs
 * the official AppBridge from `app-host.js`) and the sandbox proxy (a second origin, as
 * SEP-1865 asks of web hosts), which puts the app's HTML in an inner frame and relays
 * messages both ways. The proxy follows ext-apps' `examples/basic-host` sandbox.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function hostPage(title: string, sandboxUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · mcpdeck</title>
<meta name="mcpdeck-sandbox" content="${escape(sandboxUrl)}">
<style>body{font:14px system-ui,sans-serif;margin:0;background:#f6f6f6}header{padding:8px 12px;background:#222;color:#eee}
iframe{display:block;width:100%;min-height:200px;border:0;background:#fff}#status{color:#b00;padding:8px 12px}</style></head>
<body><header>${escape(title)}</header><div id="status"></div><div id="app"></div>
<script type="module" src="/app-host.js"></script></body></html>`;
}

/** Runs in the sandbox origin; inline, which the page's CSP allows (as it allows the app's own inline code). */
const PROXY = `
const host = window.parent;
let inner;
window.addEventListener('message', (event) => {
  if (event.source === host) {
    const data = event.data;
    if (data && data.method === 'ui/notifications/sandbox-resource-ready') {
      const params = data.params || {};
      inner = document.createElement('iframe');
      inner.setAttribute('sandbox', typeof params.sandbox === 'string' ? params.sandbox : 'allow-scripts allow-same-origin allow-forms');
      inner.style.cssText = 'border:0;width:100%;height:100%;display:block';
      inner.srcdoc = String(params.html || '');
      document.body.replaceChildren(inner);
      return;
    }
    if (inner && inner.contentWindow) inner.contentWindow.postMessage(data, '*');
  } else if (inner && event.source === inner.contentWindow) {
    host.postMessage(event.data, '*');
  }
});
host.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, '*');
`;

export function sandboxPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;height:100%}</style></head><body><script>${PROXY}</script></body></html>`;
}
