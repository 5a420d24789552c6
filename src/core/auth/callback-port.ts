import type { OAuthSettings } from '../config/types.js';
import { CallbackListener } from './callback-server.js';

/** The fixed default, so a provider that wants redirect URIs registered in advance can have this one once. */
export const DEFAULT_CALLBACK_PORT = 19876;

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The port to listen on: `oauth.redirectUri` (must be loopback), `oauth.callbackPort`,
 * MCPDECK_OAUTH_CALLBACK_PORT, else the default. 0 means any free port.
 */
export function callbackPort(settings: OAuthSettings | undefined, env: NodeJS.ProcessEnv): number {
  const redirect = settings?.redirectUri;
  if (typeof redirect === 'string') {
    let url: URL;
    try {
      url = new URL(redirect);
    } catch {
      throw new Error(`oauth.redirectUri "${redirect}" is not a URL`);
    }
    if (url.protocol !== 'http:' || !LOOPBACK.has(url.hostname)) {
      throw new Error(`oauth.redirectUri must be http://127.0.0.1:<port>/callback: mcpdeck only listens on this machine's loopback (got ${url.host})`);
    }
    return Number(url.port || 80);
  }
  if (settings?.callbackPort !== undefined) return settings.callbackPort;
  const global = env.MCPDECK_OAUTH_CALLBACK_PORT;
  if (global !== undefined && global !== '') {
    const port = Number(global);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`MCPDECK_OAUTH_CALLBACK_PORT must be a port number (0 for any free port), not "${global}"`);
    return port;
  }
  return DEFAULT_CALLBACK_PORT;
}

/** Listeners by port, shared by the sign-ins waiting on them and closed when none is left. */
export class CallbackListeners {
  private readonly open = new Map<number, Promise<CallbackListener>>();

  async acquire(port: number): Promise<CallbackListener> {
    if (port === 0) return CallbackListener.open(0);
    let listener = this.open.get(port);
    if (!listener) {
      listener = CallbackListener.open(port);
      this.open.set(port, listener);
      listener.catch(() => this.open.delete(port));
    }
    return listener;
  }

  async release(listener: CallbackListener): Promise<void> {
    if (listener.waiting > 0) return;
    if (this.open.get(listener.port) && (await this.open.get(listener.port)) === listener) this.open.delete(listener.port);
    await listener.close();
  }
}
