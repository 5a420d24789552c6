import { expandValue } from '../config/expand.js';
import { readJsonFile } from '../config/read-json.js';
import type { ConfigIssue } from '../config/types.js';
import { userSettingsPath } from '../config/user-catalog.js';
import { isRecord } from '../../util/is-record.js';

/** The two wire formats mcpdeck speaks to models in: OpenAI's Chat Completions (and every compatible server) and Anthropic's Messages. */
type ModelApi = 'openai' | 'anthropic';

/** A provider: where its API is, and where its key comes from. */
interface Provider {
  api: ModelApi;
  baseURL: string;
  /** The environment variable that holds the key (also looked up in the secret store, as `model-key:<provider>`). */
  keyEnv?: string;
  /** A provider on this machine may take no key. */
  keyOptional?: boolean;
  /** Azure sends its key as `api-key`, not as a bearer token. */
  keyHeader?: string;
  headers?: Record<string, string>;
  /** Some local servers cannot stream: answers are then asked for whole. */
  stream?: boolean;
  /** The documentation or home of the provider, for messages. */
  about?: string;
}

/** The providers known without a setting; the base URL may be moved with the environment variable shown. */
function presets(env: NodeJS.ProcessEnv): Record<string, Provider> {
  const local = (port: number, variable: string) => env[variable] || `http://127.0.0.1:${port}/v1`;
  return {
    openai: { api: 'openai', baseURL: env.OPENAI_BASE_URL || 'https://api.openai.com/v1', keyEnv: 'OPENAI_API_KEY' },
    anthropic: { api: 'anthropic', baseURL: env.ANTHROPIC_BASE_URL || 'https://api.anthropic.com/v1', keyEnv: 'ANTHROPIC_API_KEY' },
    openrouter: { api: 'openai', baseURL: env.OPENROUTER_BASE_URL || 'https://openrouter.ai/api/v1', keyEnv: 'OPENROUTER_API_KEY' },
    // Azure OpenAI's v1 API: https://<resource>.openai.azure.com/openai/v1, the key as `api-key`.
    azure: { api: 'openai', baseURL: env.AZURE_OPENAI_BASE_URL ?? '', keyEnv: 'AZURE_OPENAI_API_KEY', keyHeader: 'api-key' },
    ollama: { api: 'openai', baseURL: local(11434, 'OLLAMA_BASE_URL'), keyOptional: true },
    lmstudio: { api: 'openai', baseURL: local(1234, 'LMSTUDIO_BASE_URL'), keyOptional: true },
    llamacpp: { api: 'openai', baseURL: local(8080, 'LLAMACPP_BASE_URL'), keyOptional: true },
    vllm: { api: 'openai', baseURL: local(8000, 'VLLM_BASE_URL'), keyEnv: 'VLLM_API_KEY', keyOptional: true },
  };
}

/** A model picked: `provider:name`, resolved to its endpoint. The key is looked up when the model is first used. */
export interface ModelEndpoint extends Provider {
  provider: string;
  model: string;
  /** `provider:name`, as written. */
  spec: string;
}

/** The `models` setting in mcpdeck's settings.json: a default model and providers of one's own. */
interface ModelSettings {
  default?: string;
  providers: Record<string, Provider & { apiKey?: string }>;
  /** The settings file, for messages. */
  file: string;
}

export class ModelSettingError extends Error {}

const settingsPath = userSettingsPath;
const NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/**
 * Reads the `models` setting: `{ "default": "openai:gpt-4.1", "providers": { "mine": { "api":
 * "openai", "baseURL": "http://…/v1", "apiKey": "${MY_KEY}" } } }`. A key is written only as
 * a reference to the environment, never as itself.
 */
export function readModelSettings(env: NodeJS.ProcessEnv): ModelSettings {
  const file = settingsPath(env);
  const issues: ConfigIssue[] = [];
  const document = readJsonFile(file, issues, false)?.value;
  if (issues[0]) throw new ModelSettingError(`the settings file ${issues[0].message}`);
  const setting = isRecord(document) ? document.models : undefined;
  if (setting === undefined) return { providers: {}, file };
  if (!isRecord(setting)) throw new ModelSettingError(`${file}: "models" must be an object ({ "default": "provider:model", "providers": { … } })`);
  if (setting.default !== undefined && typeof setting.default !== 'string') throw new ModelSettingError(`${file}: models.default must be a string like "openai:gpt-4.1"`);
  const providers: ModelSettings['providers'] = {};
  for (const [name, value] of Object.entries(isRecord(setting.providers) ? setting.providers : {})) {
    const where = `${file}: models.providers.${name}`;
    if (!NAME.test(name)) throw new ModelSettingError(`${where}: a provider's name is lower-case letters, digits, - and _`);
    if (!isRecord(value)) throw new ModelSettingError(`${where} must be an object with "api" and "baseURL"`);
    const { api, baseURL, apiKey, headers, stream } = value;
    if (api !== 'openai' && api !== 'anthropic') throw new ModelSettingError(`${where}.api must be "openai" (Chat Completions, and compatible servers) or "anthropic"`);
    if (typeof baseURL !== 'string' || !/^https?:\/\//i.test(baseURL)) throw new ModelSettingError(`${where}.baseURL must be an http(s) URL, e.g. http://127.0.0.1:11434/v1`);
    if (apiKey !== undefined && (typeof apiKey !== 'string' || !/^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/.test(apiKey))) throw new ModelSettingError(`${where}.apiKey must name an environment variable, as "\${MY_KEY}": a key is not written in the file`);
    if (headers !== undefined && (!isRecord(headers) || Object.values(headers).some((h) => typeof h !== 'string'))) throw new ModelSettingError(`${where}.headers must map names to strings`);
    const keyEnv = typeof apiKey === 'string' ? apiKey.slice(2, -1) : undefined;
    providers[name] = { api, baseURL, ...(keyEnv ? { keyEnv } : { keyOptional: true }), ...(headers && { headers: expandHeaders(headers as Record<string, string>, env) }), ...(stream === false && { stream: false }) };
  }
  return { ...(typeof setting.default === 'string' && { default: setting.default }), providers, file };
}

const expandHeaders = (headers: Record<string, string>, env: NodeJS.ProcessEnv) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, expandValue(v, { env, missing: new Set(), missingInputs: new Set() })]));

/** Every provider a spec may name: the presets, then the setting's own (which may replace a preset). */
export function providers(env: NodeJS.ProcessEnv, settings = readModelSettings(env)): Record<string, Provider> {
  return { ...presets(env), ...settings.providers };
}

/**
 * `provider:model` (or the setting's default) as an endpoint; a clear error for a spec
 * that names no known provider or no model. `MCPDECK_MODEL` stands in for a missing flag.
 */
export function resolveModel(spec: string | undefined, env: NodeJS.ProcessEnv): ModelEndpoint {
  const settings = readModelSettings(env);
  const written = spec ?? env.MCPDECK_MODEL ?? settings.default;
  if (!written) throw new ModelSettingError('no model chosen: pass --model provider:name (e.g. openai:gpt-4.1, anthropic:claude-sonnet-4-5, ollama:qwen3), or set models.default in settings.json');
  const at = written.indexOf(':');
  const provider = at > 0 ? written.slice(0, at) : '';
  const model = written.slice(at + 1).trim();
  const known = providers(env, settings);
  const found = known[provider];
  if (!found) throw new ModelSettingError(`"${written}" names no known provider: write provider:model with one of ${Object.keys(known).join(', ')}, or add the provider to models.providers in ${settings.file}`);
  if (!model) throw new ModelSettingError(`"${written}" names no model: write ${provider}:<model>`);
  if (!found.baseURL) throw new ModelSettingError(`${provider} needs its endpoint: set AZURE_OPENAI_BASE_URL (https://<resource>.openai.azure.com/openai/v1)`);
  return { ...found, provider, model, spec: `${provider}:${model}` };
}

/** The secret store's account for a provider's key (`mcpdeck models key <provider>`). */
export const keyAccount = (provider: string) => `model-key:${provider}`;
