// The host page's code, in the person's browser (bundled for the browser into
// dist/bundle/app-host.js, served by core/apps/host-server.ts only when an app opens).
// It follows ext-apps' examples/basic-host: the official AppBridge talks to the app
// through the sandbox proxy on a second origin; every request the app makes goes to
// mcpdeck in the terminal (POST /rpc), which answers it as it would the person.
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

const status = document.getElementById('status');
const say = (text) => {
  status.textContent = text;
};

async function rpc(method, params, notice = false) {
  const res = await fetch('/rpc', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method, params, notice }) });
  const answer = await res.json();
  if (answer.error) throw new Error(answer.error);
  return answer.result;
}

async function main() {
  const view = await (await fetch('/view')).json();
  const iframe = document.createElement('iframe');
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
  iframe.setAttribute('title', `${view.server} · ${view.tool.name}`);
  const ready = new Promise((resolve) => {
    const listener = (event) => {
      if (event.source === iframe.contentWindow && event.data?.method === 'ui/notifications/sandbox-proxy-ready') {
        window.removeEventListener('message', listener);
        resolve();
      }
    };
    window.addEventListener('message', listener);
  });
  iframe.src = document.querySelector('meta[name="mcpdeck-sandbox"]').content;
  document.getElementById('app').append(iframe);
  await ready;

  const bridge = new AppBridge(
    null,
    { name: 'mcpdeck', version: view.version },
    { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, sandbox: { csp: view.csp, permissions: view.permissions } },
    { hostContext: { theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light', platform: 'web', displayMode: 'inline', availableDisplayModes: ['inline'] } },
  );
  bridge.oncalltool = (params) => rpc('tools/call', params);
  bridge.onreadresource = (params) => rpc('resources/read', params);
  bridge.onopenlink = (params) => rpc('ui/open-link', params);
  bridge.onmessage = (params) => rpc('ui/message', params);
  bridge.onupdatemodelcontext = (params) => rpc('ui/update-model-context', params);
  bridge.addEventListener('sizechange', (params) => {
    if (typeof params.height === 'number') iframe.style.height = `${params.height}px`;
    void rpc('ui/notifications/size-changed', params, true).catch(() => {});
  });
  bridge.addEventListener('loggingmessage', (params) => void rpc('notifications/message', params, true).catch(() => {}));
  bridge.addEventListener('initialized', () => {
    void rpc('ui/notifications/initialized', {}, true).catch(() => {});
    void bridge.sendToolInput({ arguments: view.args });
    if (view.result) void bridge.sendToolResult(view.result);
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  await bridge.sendSandboxResourceReady({ html: view.html, csp: view.csp, permissions: view.permissions });
}

main().catch((error) => say(`mcpdeck could not open this app: ${error instanceof Error ? error.message : String(error)}`));
