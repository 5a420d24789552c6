import type { LanguageModel } from 'ai';
import type { CallOutcome } from '../mcp/call.js';
import type { Tool } from '../mcp/types.js';
import type { SecretStore } from '../secrets/store.js';
import type { SamplingRequest } from '../elicitation/types.js';
import { resolveModel, type ModelEndpoint } from './endpoints.js';
import { findKey, languageModel, modelErrorText, type ModelKey } from './language-model.js';
import { Conversation, type ConversationOptions } from './conversation.js';
import { modelTools } from './toolset.js';
import { sampleWithModel } from './sampling.js';

export interface ModelDeskDeps {
  env: NodeJS.ProcessEnv;
  secrets: () => Promise<SecretStore>;
  /** A connected server's tools (undefined for a server that is not connected). */
  tools: (server: string) => readonly Tool[] | undefined;
  callTool: (server: string, tool: string, args: Record<string, unknown>, signal: AbortSignal) => Promise<CallOutcome>;
  /** The `--model` of the command, or the deck's. */
  model?: string;
}

export interface Opened {
  endpoint: ModelEndpoint;
  model: LanguageModel;
  key: ModelKey;
}

export interface ConversationRequest extends Pick<ConversationOptions, 'policy' | 'system' | 'maxSteps' | 'history'> {
  servers: readonly string[];
  /** `provider:name`; the deck's model by default. */
  model?: string;
}

/** The Deck's models: the endpoint picked, conversations over the servers' tools, sampling answered by a model. */
export class ModelDesk {
  private readonly opened = new Map<string, Promise<Opened>>();

  constructor(private readonly deps: ModelDeskDeps) {}

  /** The endpoint a spec names (or the default): throws a ModelSettingError a person can act on. */
  endpoint(spec = this.deps.model): ModelEndpoint {
    return resolveModel(spec, this.deps.env);
  }

  /** The model, its key looked up once (the environment, then the secret store). */
  open(spec = this.deps.model): Promise<Opened> {
    const endpoint = this.endpoint(spec);
    let opened = this.opened.get(endpoint.spec);
    if (!opened) {
      opened = (async () => {
        const key = await findKey(endpoint, this.deps.env, this.deps.secrets);
        return { endpoint, key, model: await languageModel(endpoint, key) };
      })();
      opened.catch(() => this.opened.delete(endpoint.spec));
      this.opened.set(endpoint.spec, opened);
    }
    return opened;
  }

  /** A conversation with the model over exactly the tools the servers give now. */
  conversation(request: ConversationRequest): Conversation {
    const endpoint = this.endpoint(request.model);
    const servers = request.servers.map((name) => ({ name, tools: this.deps.tools(name) ?? [] }));
    let key: string | undefined;
    return new Conversation({
      ...request,
      model: async () => {
        const opened = await this.open(endpoint.spec);
        key = opened.key.key;
        return opened.model;
      },
      stream: endpoint.stream,
      tools: modelTools(servers),
      callTool: this.deps.callTool,
      describeError: (error) => modelErrorText(error, endpoint, key),
    });
  }

  /** A server's sampling request answered by the model (the person said yes to sending it). */
  async answerSample(request: Pick<SamplingRequest, 'params'>, spec?: string, signal?: AbortSignal) {
    const { endpoint, model, key } = await this.open(spec);
    try {
      return await sampleWithModel(request.params, model, endpoint.spec, signal);
    } catch (error) {
      throw new Error(modelErrorText(error, endpoint, key.key));
    }
  }
}

