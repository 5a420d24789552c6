import type { OAuthSettings } from '../config/types.js';
import type { CallbackAddress, CallbackListener } from './callback-server.js';
import { LOOPBACK_HOSTS } from './endpoints.js';

/** The fixed default, so a provider that wants redirect URIs registered in advance can have this one once. */
export const DEFAULT_CALLBACK_PORT = 19876;

const CALLBACK_PATH = '/callback';

/**
 * Where to listen: `oauth.redirectUri` exactly as written (loopback host, port and path),
 * else 127.0.0.1 and /callback on `oauth.callbackPort`, MCPDECK_OAUTH_CALLBACK_PORT or the
 * default port. Port 0 means any free port.
 */
export function callbackAddress(settings: OAuthSettings | undefined, env: NodeJS.ProcessEnv): CallbackAddress {
  const redirect = settings?.redirectUri;
  if (typeof redirect === 'string') {
    let url: URL;
    try {
      url = new URL(redirect);
    } catch {
      throw new Error(`oauth.redirectUri "${redirect}" is not a URL`);
    }
    if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) {
      throw new Error(`oauth.redirectUri must be http on this machine (127.0.0.1, localhost or [::1]), e.g. http://127.0.0.1:8765/callback: mcpdeck only listens on loopback (got ${url.protocol}//${url.host})`);
    }
    if (!url.port) throw new Error(`oauth.redirectUri "${redirect}" needs a port, e.g. http://${url.host}:8765${url.pathname}`);
    return { host: url.hostname, port: Number(url.port), path: url.pathname, redirectUri: redirect };
  }
  return { host: '127.0.0.1', port: callbackPort(settings, env), path: CALLBACK_PATH };
}

/** `oauth.callbackPort`, MCPDECK_OAUTH_CALLBACK_PORT, else the default. 0 means any free port. */
function callbackPort(settings: OAuthSettings | undefined, env: NodeJS.ProcessEnv): number {
  if (settings?.callbackPort !== undefined) return settings.callbackPort;
  const global = env.MCPDECK_OAUTH_CALLBACK_PORT;
  if (global !== undefined && global !== '') {
    const port = Number(global);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`MCPDECK_OAUTH_CALLBACK_PORT must be a port number (0 for any free port), not "${global}"`);
    return port;
  }
  return DEFAULT_CALLBACK_PORT;
}

/** The redirect URI to register with a provider, before any listener is up. */
export function redirectUriOf(address: CallbackAddress): string {
  return address.redirectUri ?? `http://${address.host}:${address.port || '<any free port>'}${address.path}`;
}

/** The addresses a loopback host name stands for: localhost is both, when this machine has IPv6. */
export function bindAddresses(host: string): { address: string; optional: boolean }[] {
  if (host === 'localhost') return [{ address: '127.0.0.1', optional: false }, { address: '::1', optional: true }];
  if (host === '[::1]') return [{ address: '::1', optional: false }];
  return [{ address: host, optional: false }];
}

/** A listener on loopback: node:http loads with the first sign-in, not with the deck. */
async function openListener(host: string, port: number): Promise<CallbackListener> {
  const { CallbackListener } = await import('./callback-server.js');
  return CallbackListener.open(host, port);
}

/** What a listener is known by: one per host and port. */
const listenerKey = ({ host, port }: { host: string; port: number }) => `${host}:${port}`;

/** Listeners by host and port, shared by the sign-ins waiting on them and closed when none is left. */
export class CallbackListeners {
  private readonly open = new Map<string, Promise<CallbackListener>>();

  async acquire(address: CallbackAddress): Promise<CallbackListener> {
    if (address.port === 0) return openListener(address.host, 0);
    const key = listenerKey(address);
    let listener = this.open.get(key);
    if (!listener) {
      listener = openListener(address.host, address.port);
      this.open.set(key, listener);
      listener.catch(() => this.open.delete(key));
    }
    return listener;
  }

  async release(listener: CallbackListener): Promise<void> {
    if (listener.waiting > 0) return;
    const key = listenerKey(listener);
    if (this.open.get(key) && (await this.open.get(key)) === listener) this.open.delete(key);
    await listener.close();
  }
}
