import type { LanguageModel } from 'ai';
import type { SecretStore } from '../secrets/store.js';
import { keyAccount, ModelSettingError, type ModelEndpoint } from './endpoints.js';

/** Where a model's key came from, for `mcpdeck models` and messages: never the key itself. */
type KeySource = { from: 'env'; name: string } | { from: 'secret store' } | { from: 'none' };

export interface ModelKey {
  key?: string;
  source: KeySource;
}

/** The key for an endpoint: its environment variable, else the secret store (`mcpdeck models key <provider>`). */
export async function findKey(endpoint: ModelEndpoint, env: NodeJS.ProcessEnv, secrets: () => Promise<SecretStore>): Promise<ModelKey> {
  const fromEnv = endpoint.keyEnv ? env[endpoint.keyEnv] : undefined;
  if (fromEnv) return { key: fromEnv, source: { from: 'env', name: endpoint.keyEnv! } };
  const stored = await (await secrets()).get(keyAccount(endpoint.provider)).catch(() => undefined);
  if (stored) return { key: stored, source: { from: 'secret store' } };
  return { source: { from: 'none' } };
}

/** The AI SDK's model for an endpoint; the provider's package loads with the first model (no command pays for it otherwise). */
export async function languageModel(endpoint: ModelEndpoint, key: ModelKey, fetch?: typeof globalThis.fetch): Promise<LanguageModel> {
  if (!key.key && !endpoint.keyOptional) {
    const where = endpoint.keyEnv ? `set ${endpoint.keyEnv}, or ` : '';
    throw new ModelSettingError(`${endpoint.provider} needs a key: ${where}store one with \`mcpdeck models key ${endpoint.provider}\``);
  }
  const baseURL = endpoint.baseURL.replace(/\/+$/, '');
  if (endpoint.api === 'anthropic') {
    const { createAnthropic } = await import('@ai-sdk/anthropic');
    return createAnthropic({ baseURL, apiKey: key.key ?? '', headers: endpoint.headers, ...(fetch && { fetch }) })(endpoint.model);
  }
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  const keyHeader = endpoint.keyHeader && key.key ? { [endpoint.keyHeader]: key.key } : {};
  const apiKey = endpoint.keyHeader ? undefined : key.key;
  return createOpenAICompatible({ name: endpoint.provider, baseURL, ...(apiKey && { apiKey }), headers: { ...endpoint.headers, ...keyHeader }, includeUsage: true, ...(fetch && { fetch }) }).chatModel(endpoint.model);
}

/**
 * A provider's error as one line a person can act on, the key never in it (some
 * providers echo part of a refused key).
 */
export function modelErrorText(error: unknown, endpoint: ModelEndpoint, key?: string): string {
  const e = error as { statusCode?: number; message?: string; responseBody?: string; cause?: unknown } | undefined;
  let text = e?.message ?? String(error);
  if (key) text = text.split(key).join('<key>');
  if (e?.statusCode === 401 || e?.statusCode === 403) {
    const where = endpoint.keyEnv ? `${endpoint.keyEnv} or ` : '';
    return `${endpoint.spec} refused the key (${e.statusCode}): check ${where}\`mcpdeck models key ${endpoint.provider}\` (${text})`;
  }
  if (e?.statusCode === 404) return `${endpoint.spec}: not found at ${endpoint.baseURL} (404): is the model name right? (${text})`;
  if (e?.statusCode) return `${endpoint.spec} answered ${e.statusCode}: ${text}`;
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|connect/i.test(text)) return `${endpoint.spec}: cannot reach ${endpoint.baseURL} (${text})`;
  return `${endpoint.spec}: ${text}`;
}
