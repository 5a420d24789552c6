import { dirname } from 'node:path';
import type { ServerDefinition } from '../config/types.js';
import { sandboxSettings } from './settings.js';

/**
 * A stdio server from a project's file approved as "approve sandboxed": its entry names
 * no sandbox, so it runs in the default one (no network, nothing of the home folder);
 * shown so wherever its launch plan is. An entry with a sandbox of its own keeps it. Either
 * way the sandbox is required: approved only so, it never runs with all of the person's
 * rights, even where the platform cannot sandbox.
 */
export function sandboxAsApproved(def: ServerDefinition, env: NodeJS.ProcessEnv): void {
  const config = def.config;
  if (config?.type !== 'stdio') return;
  if (config.sandbox) {
    def.config = { ...config, sandbox: { ...config.sandbox, required: true } };
    return;
  }
  const sandbox = sandboxSettings({ required: true }, (text) => text, def.source.path ? dirname(def.source.path) : process.cwd(), env);
  def.config = { ...config, sandbox };
  if (def.runs) def.runs = { ...def.runs, sandbox: 'no network; nothing of your home folder (approved sandboxed)' };
}
