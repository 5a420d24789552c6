import { isAbsolute } from 'node:path';
import type { Approvals } from './approvals.js';
import type { LastGood } from './last-good.js';
import { loadConfig, type LoadedConfig, type LoadOptions } from './load.js';
import type { InputRef } from './inputs.js';
import { inputQuestion } from './input-question.js';
import type { Conflict, SourceInfo } from './sources/report.js';
import type { SourceSettings } from './source-settings.js';
import type { ConfigIssue, ServerDefinition } from './types.js';
import type { RequestQueue } from '../elicitation/queue.js';
import { openUserSecretStore, type SecretStore } from '../secrets/store.js';
import { createStore } from '../store.js';

/** Asks a person for an input's value on the spot; undefined when nobody can answer. */
export type InputAsker = (input: InputRef) => Promise<string | undefined>;

export interface ConfigSessionOptions extends LoadOptions {
  /** Which sources are hidden, kept between runs (absent: nothing hidden, nothing kept). */
  sourceSettings?: SourceSettings;
  /** Asks for `${input:id}` values while loading (the CLI); without it they are asked through the request queue (the deck). */
  askInput?: InputAsker;
  /** Only these servers will connect: inputs of the others are not asked for. */
  only?: string[];
  /** Where answers are kept (the deck's store: the OS keychain, else the 0600 file in the user config folder). */
  secrets?: () => Promise<SecretStore>;
  /** The person's approvals of project files (absent: every project server waits, and cannot be approved here). */
  approvals?: Approvals;
}

export interface SourcesSnapshot {
  sources: readonly SourceInfo[];
  conflicts: readonly Conflict[];
}

/**
 * The configuration as the deck reads it: every source with its visibility, and the
 * answers to `${input:id}` (looked up in the secret store, asked for once, kept there).
 */
export class ConfigSession {
  /** What was read, skipped and overridden, for the sources list. */
  readonly sources = createStore<SourcesSnapshot>({ sources: [], conflicts: [] });
  private readonly values = new Map<string, string>();
  /** Inputs being asked (their request ids once queued), and the ones dismissed (asked again only on request). */
  private readonly asking = new Map<string, number | undefined>();
  private readonly dismissed = new Set<string>();
  /** Answers the store could not keep, and why. */
  private readonly unkept = new Map<string, string>();
  private readonly closing = new AbortController();
  private store?: Promise<SecretStore | Error>;
  private last?: LoadedConfig;
  /** Each file's last good read: one that breaks while the deck runs keeps its servers. */
  private readonly lastGood: LastGood = new Map();

  constructor(private readonly options: ConfigSessionOptions, private readonly requests: RequestQueue) {}

  /** Reads every source; inputs answered before come from the store, and the CLI asks for the rest. */
  async load(): Promise<LoadedConfig> {
    let loaded = this.read();
    if (loaded.inputs.length) {
      await this.fetchStored(loaded.inputs);
      const { askInput } = this.options;
      if (askInput) {
        for (const input of this.wanted(loaded.inputs, loaded.servers).filter((i) => !this.values.has(i.account))) {
          const value = await askInput(input);
          if (value !== undefined) await this.keep(input, value);
        }
      }
      loaded = this.read();
    }
    this.last = loaded;
    this.sources.update(() => ({ sources: loaded.sources, conflicts: loaded.conflicts }));
    const unkept: ConfigIssue[] = [...this.unkept].map(([account, why]) => ({ severity: 'warning', message: `the answer for ${account} is kept for this session only: ${why}` }));
    return { ...loaded, issues: [...unkept, ...loaded.issues] };
  }

  /**
   * Asks through the request queue (the deck's masked form) for the inputs still
   * missing; `names` asks again for these servers' inputs even if dismissed before.
   * `answered` runs after each answer is kept.
   */
  askInQueue(answered: () => Promise<void>, names?: string[]): void {
    const inputs = this.wanted(this.last?.inputs ?? [], this.last?.servers ?? []).filter((i) => !this.inQueue(i.account)
      && (names ? i.servers.some((s) => names.includes(s)) : !this.dismissed.has(i.account)));
    for (const input of inputs) {
      this.asking.set(input.account, undefined);
      this.dismissed.delete(input.account);
      void this.askOne(input, answered);
    }
  }

  /** Being asked: about to be queued, or its request still waiting (answered or dismissed ones are not). */
  private inQueue(account: string): boolean {
    if (!this.asking.has(account)) return false;
    const id = this.asking.get(account);
    return id === undefined || this.requests.getSnapshot().pending.some((r) => r.id === id);
  }

  /** Whether a server waits for an input value. */
  waitsForInput(name: string): boolean {
    return Boolean(this.last?.inputs.some((i) => i.servers.includes(name)));
  }

  async setHidden(id: string, hidden: boolean): Promise<void> {
    if (!this.options.sourceSettings) throw new Error('sources cannot be hidden here (no settings file)');
    await this.options.sourceSettings.setHidden(id, hidden);
  }

  /** Every file the last read looked at (existing or not), and the approvals and source settings beside them. */
  watchedFiles(): string[] {
    const { approvals, sourceSettings } = this.options;
    const read = (this.last?.sources ?? []).filter((s) => s.status !== 'skipped').map((s) => s.path);
    return [...new Set([...read, approvals?.path, sourceSettings?.path])].filter((p): p is string => Boolean(p && isAbsolute(p)));
  }

  close(): void {
    this.closing.abort('mcpdeck is closing');
  }

  private read(): LoadedConfig {
    return loadConfig({
      ...this.options,
      hiddenSources: this.options.sourceSettings?.hidden() ?? this.options.hiddenSources,
      inputValues: this.values,
      approved: this.options.approvals?.list() ?? this.options.approved,
      lastGood: this.lastGood,
    });
  }

  private async askOne(input: InputRef, answered: () => Promise<void>): Promise<void> {
    const store = await this.secretStore();
    const where = store instanceof Error ? 'memory only, for this session' : store.description;
    const asked = this.requests.askPerson('mcpdeck', inputQuestion(input, where), this.closing.signal);
    // The request is in the queue at once: its id tells when it has left.
    this.asking.set(input.account, this.requests.getSnapshot().pending.at(-1)?.id);
    const answer = await asked.catch(() => undefined);
    const value = answer?.action === 'accept' ? answer.content.value : undefined;
    if (typeof value !== 'string') return void this.dismissed.add(input.account);
    await this.keep(input, value);
    await answered();
  }

  /** Inputs of servers that will connect: named by --only (if given), not disabled, approved. */
  private wanted(inputs: readonly InputRef[], servers: readonly ServerDefinition[]): InputRef[] {
    const { only } = this.options;
    // A server waiting for approval asks nothing either: a cloned project cannot prompt for secrets.
    const disabled = new Set(servers.filter((s) => s.raw.disabled === true || s.approval?.needed).map((s) => s.name));
    return inputs.filter((i) => i.servers.some((s) => (!only || only.includes(s)) && !disabled.has(s)));
  }

  private async fetchStored(inputs: readonly InputRef[]): Promise<void> {
    const store = await this.secretStore();
    if (store instanceof Error) return;
    for (const input of inputs) {
      if (this.values.has(input.account)) continue;
      const value = await store.get(input.account).catch(() => undefined);
      if (value !== undefined) this.values.set(input.account, value);
    }
  }

  private async keep(input: InputRef, value: string): Promise<void> {
    this.values.set(input.account, value);
    const store = await this.secretStore();
    const failed = store instanceof Error ? store : await store.set(input.account, value).then(() => undefined, (error: Error) => error);
    if (failed) this.unkept.set(input.account, failed.message);
  }

  private secretStore(): Promise<SecretStore | Error> {
    const { env, secrets } = this.options;
    const open = secrets ?? (() => openUserSecretStore(env));
    return (this.store ??= open().catch((error: Error) => error));
  }
}
