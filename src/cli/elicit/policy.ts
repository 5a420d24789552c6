import { checkContent, missingRequired } from '../../core/elicitation/content.js';
import type { ElicitAnswer, FormElicitation, PendingRequest, RequestPolicy, SampleAnswer, SamplingRequest } from '../../core/elicitation/types.js';
import { sanitizeLine } from '../../util/sanitize.js';
import { truncate } from '../../util/text.js';
import { PromptEnded, type LinePrompter } from './terminal.js';

export type OnElicit = 'ask' | 'accept-defaults' | 'decline' | 'cancel';
export type OnSample = 'ask' | 'model' | 'decline';

/** The answering options, read and checked (files loaded). */
export interface AnswerSettings {
  onElicit: OnElicit;
  /** --answers: field values by name, and the file they came from. */
  answers?: { file: string; values: Record<string, unknown> };
  onSample: OnSample;
  /** --sample-reply: the assistant's text. */
  sampleReply?: string;
}

export interface PolicyIo {
  /** Present when a person is at the terminal (stdin is a TTY). */
  prompter?: LinePrompter;
  /** The TUI answers what the policy leaves: "ask" then means the TUI's queue. */
  interactive?: boolean;
  say: (text: string) => void;
  openUrl: (url: string) => Promise<void>;
  /** --on-sample model: the request answered by the configured model (the Deck's models). */
  sampleByModel?: (request: SamplingRequest, signal: AbortSignal) => Promise<SampleAnswer & { usage?: { input: number; output: number } }>;
}

/**
 * Answers by the CLI's options. A request it cannot answer fails (the server gets the
 * error, the person reads why on stderr): forms whose required fields have no answer
 * and no default, and questions for a person when there is no terminal.
 */
export function answerPolicy(settings: AnswerSettings, io: PolicyIo): RequestPolicy {
  const fail = (text: string): never => {
    io.say(`mcpdeck: ${sanitizeLine(text)}`);
    throw new Error(text);
  };
  const note = (request: PendingRequest, what: string) => io.say(`mcpdeck: ${sanitizeLine(request.server)}: ${what}`);

  const form = (request: FormElicitation): ElicitAnswer | undefined => {
    const { answers } = settings;
    if (answers || settings.onElicit === 'accept-defaults') {
      const properties = Object.keys(request.requestedSchema.properties ?? {});
      const content = Object.fromEntries(Object.entries(answers?.values ?? {}).filter(([key]) => properties.includes(key)));
      const missing = missingRequired(request.requestedSchema, content);
      const names = missing.map((m) => `"${m}"`).join(', ');
      const required = `${missing.length > 1 ? 'are' : 'is'} required and ${missing.length > 1 ? 'have' : 'has'} no default`;
      const asked = `${request.server} asked "${clip(request.message)}"`;
      if (missing.length && answers) fail(`${asked}: ${answers.file} has no value for ${names}, which ${required}`);
      if (missing.length) fail(`${asked}: ${names} ${required}; give ${missing.length > 1 ? 'them' : 'it'} with --answers <file.json>`);
      const wrong = Object.entries(checkContent(request.requestedSchema, content).fieldErrors).map(([k, m]) => `"${k}" ${m}`);
      if (wrong.length) fail(`${asked}: ${answers ? `${answers.file}: ` : ''}${wrong.join('; ')}`);
      note(request, `answered "${clip(request.message)}" ${answers ? `from ${answers.file}` : 'with the defaults'}`);
      return { action: 'accept', content };
    }
    if (settings.onElicit === 'decline' || settings.onElicit === 'cancel') {
      note(request, `${settings.onElicit === 'decline' ? 'declined' : 'cancelled'} "${clip(request.message)}"`);
      return { action: settings.onElicit };
    }
    return undefined;
  };

  const byPerson = async (request: PendingRequest, signal: AbortSignal): Promise<ElicitAnswer | SampleAnswer | undefined> => {
    if (io.interactive) return undefined;
    const prompter = io.prompter;
    if (!prompter) {
      return request.kind === 'sample'
        ? fail(`${request.server} asked for a model reply (sampling) and there is no terminal to write it; use --sample-reply <file> or --on-sample decline`)
        : fail(`${request.server} asked for input ("${clip(request.message)}") and there is no terminal to answer it; use --on-elicit or --answers`);
    }
    const say = (text: string) => prompter.say(text);
    try {
      // The prompts load when a server first asks: most commands never meet one.
      return await prompter.converse<ElicitAnswer | SampleAnswer>(signal, async (ask) => {
        if (request.kind === 'elicit-form') return (await import('./form-prompt.js')).askForm(ask, say, request);
        const { askSample, askUrl } = await import('./other-prompts.js');
        if (request.kind === 'elicit-url') return askUrl(ask, say, request, io.openUrl);
        return askSample(ask, say, request);
      });
    } catch (error) {
      // Ctrl-C or the end of input: the person walked away, which is a cancel (sampling has none: decline).
      if (!(error instanceof PromptEnded) || signal.aborted) throw error;
      say('');
      return request.kind === 'sample' ? { action: 'decline' } : { action: 'cancel' };
    }
  };

  return async (request, signal) => {
    switch (request.kind) {
      case 'elicit-form':
        return form(request) ?? byPerson(request, signal);
      case 'elicit-url':
        // A link is opened only on a person's yes: by policy it is declined (or cancelled), never accepted.
        if (settings.onElicit === 'ask' && (io.interactive || io.prompter)) return byPerson(request, signal);
        io.say((await import('./other-prompts.js')).describeUrl(request));
        note(request, `${settings.onElicit === 'cancel' ? 'cancelled' : 'declined'}: mcpdeck opens a page only when you say so at a terminal (--on-elicit ask)`);
        return { action: settings.onElicit === 'cancel' ? 'cancel' : 'decline' };
      case 'sample':
        if (settings.sampleReply !== undefined) {
          // Text cannot answer a request that requires a tool use: a person can, at a terminal.
          if (request.params.toolChoice?.mode === 'required' && request.params.tools?.length) {
            if (io.prompter || io.interactive) return byPerson(request, signal);
            fail(`${request.server} requires a tool use (toolChoice "required") and --sample-reply answers with text; answer it at a terminal, or use --on-sample decline`);
          }
          note(request, 'answered the sampling request with --sample-reply');
          return { action: 'reply', text: settings.sampleReply };
        }
        if (settings.onSample === 'model') {
          if (!io.sampleByModel) fail(`${request.server} asked for a model reply and --on-sample model has no model here`);
          const { usage, ...answer } = await io.sampleByModel!(request, signal);
          const tokens = usage ? ` (${usage.input} tokens in, ${usage.output} out)` : '';
          note(request, `the sampling request was answered by ${answer.action === 'decline' ? 'nobody' : (answer.model ?? 'the model')}${answer.action === 'tool' ? ` with a use of ${sanitizeLine(answer.name)}` : ''}${tokens}`);
          return answer;
        }
        if (settings.onSample === 'decline') {
          note(request, 'declined the sampling request');
          return { action: 'decline' };
        }
        return byPerson(request, signal);
    }
  };
}

const clip = (text: string) => truncate(sanitizeLine(text).replace(/\s+/g, ' ').trim(), 60);
