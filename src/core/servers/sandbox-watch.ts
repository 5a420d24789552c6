import type { SandboxEvent } from '../mcp/sandboxed-stdio.js';
import type { CallOutcome } from '../mcp/call.js';
import { DenialLog, type Denial } from '../sandbox/denials.js';
import type { ServerState } from './state.js';
import { allowance } from '../sandbox/allow.js';
import type { SandboxSettings } from '../sandbox/settings.js';

/** What allowing a denial would write, or undefined for one that is never allowed. */
const allowed = (denial: Pick<Denial, 'kind' | 'target'>, settings: SandboxSettings): Denial['allow'] => {
  try {
    return allowance(denial, settings);
  } catch {
    return undefined;
  }
};

/** What a server's state says of its sandbox: whether it has one, what it was refused. */
export interface SandboxView {
  /** The platform could not sandbox it, so it runs unsandboxed (one marked `required` does not run). */
  unavailable?: string;
  denials: readonly Denial[];
  /** Every refusal seen, the oldest dropped from `denials` included. */
  blocked: number;
}

/**
 * A sandboxed server's denials as its connection sees them: each one with the tool call
 * that was running, across sessions; an error a tool returns is read for denied paths too.
 */
export class SandboxWatch {
  private readonly log = new DenialLog();
  private scan?: (text: string) => Pick<Denial, 'kind' | 'target'>[];
  private settings?: SandboxSettings;
  private readonly calls: string[] = [];
  /** What the server's state says now. */
  view: SandboxView = { denials: [], blocked: 0 };

  constructor(private readonly patch: (change: Partial<ServerState>) => void, private readonly now: () => number = Date.now) {}

  readonly event = (event: SandboxEvent): void => {
    if (event.type === 'started') ({ scan: this.scan, settings: this.settings } = event);
    else if (event.type === 'unavailable') this.set({ ...this.view, unavailable: event.reason });
    else this.add(event.denial);
  };

  /** Runs a tool call, so that what is denied meanwhile names it, and reads its error for denied paths. */
  async calling(tool: string, call: () => Promise<CallOutcome>): Promise<CallOutcome> {
    this.calls.push(tool);
    try {
      const outcome = await call();
      if (outcome.isError && this.scan) {
        const text = outcome.result.content?.map((c) => (c.type === 'text' ? c.text : '')).join('\n') ?? '';
        for (const found of this.scan(text)) this.add({ ...found, seen: 'result' }, tool);
      }
      return outcome;
    } finally {
      this.calls.splice(this.calls.lastIndexOf(tool), 1);
    }
  }

  private add(denial: Pick<Denial, 'kind' | 'target' | 'seen'>, tool = this.calls.at(-1)): void {
    const allow = this.settings && allowed(denial, this.settings);
    const listed = this.log.add({ ...denial, at: this.now(), ...(tool !== undefined && { tool }), ...(allow && { allow }) });
    if (listed) this.set({ ...this.view, ...listed });
  }

  private set(view: SandboxView): void {
    this.view = view;
    this.patch({ sandbox: view });
  }
}
