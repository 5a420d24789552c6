import { expandValue } from '../config/expand.js';
import { readJsonFile } from '../config/read-json.js';
import type { ConfigIssue } from '../config/types.js';
import { userSettingsPath } from '../config/user-catalog.js';
import { isRecord } from '../../util/is-record.js';
import { OFFICIAL_REGISTRY, RegistryClient } from './client.js';

/** mcpdeck's settings file, beside the user catalog: `{ "registry": "<url>" }` or `{ "registry": { "url", "token" } }`. */
const settingsPath = userSettingsPath;

interface RegistrySettings {
  url: string;
  token?: string;
  /** Where the URL came from, for messages: `--registry`, the settings file, or the default. */
  from: string;
}

/**
 * The registry to read: `--registry`, else the `registry` setting, else the official one.
 * A token (`"token": "${MY_TOKEN}"` in the setting, or MCPDECK_REGISTRY_TOKEN) goes only to
 * a registry other than the official one, and the setting's token only to the setting's URL.
 */
function registrySettings(env: NodeJS.ProcessEnv, flag?: string): RegistrySettings {
  const issues: ConfigIssue[] = [];
  const document = readJsonFile(settingsPath(env), issues, false)?.value;
  if (issues[0]) throw new Error(`the settings file ${issues[0].message}; fix it or pass --registry`);
  const setting = isRecord(document) ? document.registry : undefined;
  const configured = typeof setting === 'string' ? { url: setting } : isRecord(setting) && typeof setting.url === 'string' ? { url: setting.url, token: typeof setting.token === 'string' ? setting.token : undefined } : undefined;
  const url = (flag ?? configured?.url ?? OFFICIAL_REGISTRY).replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(url)) throw new Error(`the registry URL must start with http:// or https://: ${url}`);
  const fromSetting = configured && configured.url.replace(/\/+$/, '') === url ? configured.token : undefined;
  const missing = new Set<string>();
  const filled = fromSetting ? expandValue(fromSetting, { env, missing, missingInputs: new Set() }) : undefined;
  const token = url === OFFICIAL_REGISTRY ? undefined : env.MCPDECK_REGISTRY_TOKEN || (missing.size ? undefined : filled);
  return { url, ...(token && { token }), from: flag ? '--registry' : configured ? settingsPath(env) : 'the default' };
}

export function openRegistry(env: NodeJS.ProcessEnv, flag?: string): RegistryClient {
  const { url, token } = registrySettings(env, flag);
  return new RegistryClient({ url, token });
}
