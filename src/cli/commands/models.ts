import type { Command } from 'commander';
import { keyAccount, ModelSettingError, providers, readModelSettings, type ModelEndpoint } from '../../core/models/endpoints.js';
import { findKey } from '../../core/models/language-model.js';
import { Workspace } from '../../core/config/workspace.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { readSecretLine } from '../ask-input.js';
import { Exit, UserError } from '../exit-codes.js';
import { printJson } from '../request.js';
import type { Invocation } from '../target.js';

/**
 * `mcpdeck models`: the providers a `--model provider:name` may name, where each one's
 * key comes from (never the key), and the default; `models key <provider>` keeps a key
 * in mcpdeck's secret store (the OS keychain, or a private file), read from the terminal
 * without echo or from stdin; `--delete` takes it out.
 */
export function registerModels(program: Command, inv: Invocation, run: (fn: () => Promise<number>) => void): void {
  const models = program.command('models').description('the model providers (--model provider:name), where their keys come from; `models key <provider>` stores a key');
  models.option('--json', 'print JSON').action((options: { json?: boolean }) => run(() => list(inv, Boolean(options.json))));
  models
    .command('key <provider>')
    .description("store a provider's key in mcpdeck's secret store (typed without echo, or piped on stdin)")
    .option('--delete', 'take the stored key out')
    .action((provider: string, options: { delete?: boolean }) => run(() => storeKey(inv, provider, Boolean(options.delete))));
}

function settings(inv: Invocation) {
  try {
    return readModelSettings(inv.env);
  } catch (error) {
    if (error instanceof ModelSettingError) throw new UserError(error.message);
    throw error;
  }
}

async function list(inv: Invocation, json: boolean): Promise<number> {
  const found = settings(inv);
  const workspace = new Workspace(inv.env, inv.cwd);
  let store: ReturnType<Workspace['secrets']> | undefined;
  const secrets = () => (store ??= workspace.secrets());
  const rows = await Promise.all(
    Object.entries(providers(inv.env, found)).map(async ([name, p]) => {
      const { source } = await findKey({ ...p, provider: name, model: '', spec: name } as ModelEndpoint, inv.env, secrets);
      const key = source.from === 'env' ? `$${source.name}` : source.from === 'secret store' ? 'secret store' : p.keyOptional ? 'none needed' : 'missing';
      return { provider: name, api: p.api, baseURL: p.baseURL || null, key, keyEnv: p.keyEnv ?? null, custom: name in found.providers };
    }),
  );
  if (json) {
    printJson({ default: found.default ?? inv.env.MCPDECK_MODEL ?? null, providers: rows });
    return Exit.ok;
  }
  const width = Math.max(...rows.map((r) => r.provider.length));
  for (const r of rows) process.stdout.write(`${r.provider.padEnd(width)}  ${r.api.padEnd(9)}  key: ${r.key.padEnd(22)}  ${sanitizeLine(r.baseURL ?? '(set AZURE_OPENAI_BASE_URL)')}\n`);
  const chosen = inv.env.MCPDECK_MODEL ?? found.default;
  process.stdout.write(`\ndefault model: ${chosen ? sanitizeLine(chosen) : `none (pass --model provider:name, or set models.default in ${found.file})`}\n`);
  return Exit.ok;
}

async function storeKey(inv: Invocation, provider: string, remove: boolean): Promise<number> {
  if (!(provider in providers(inv.env, settings(inv)))) throw new UserError(`"${sanitizeLine(provider)}" is not a known provider (see \`mcpdeck models\`)`);
  const store = await new Workspace(inv.env, inv.cwd).secrets();
  if (remove) {
    const gone = await store.delete(keyAccount(provider));
    process.stderr.write(gone ? `the key for ${provider} is out of ${store.description}\n` : `no key for ${provider} was stored\n`);
    return Exit.ok;
  }
  const key = process.stdin.isTTY ? await readSecretLine(process.stdin, process.stderr, `${provider} key: `) : await readAll(process.stdin);
  const value = key?.trim();
  if (!value) throw new UserError(`no key given: type it, or pipe it (… | mcpdeck models key ${provider})`);
  await store.set(keyAccount(provider), value);
  process.stderr.write(`the key for ${provider} is kept in ${store.description}\n`);
  return Exit.ok;
}

async function readAll(input: NodeJS.ReadStream): Promise<string> {
  let text = '';
  for await (const chunk of input) text += String(chunk);
  return text;
}
