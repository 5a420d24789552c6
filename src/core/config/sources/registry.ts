import { claudeCode } from './claude-code.js';
import { claudeDesktop } from './claude-desktop.js';
import { codex } from './codex.js';
import { cursor } from './cursor.js';
import { gemini } from './gemini.js';
import { qoder } from './qoder.js';
import type { ClientFormat, ClientId } from './types.js';
import { vscode } from './vscode.js';
import { windsurf } from './windsurf.js';

/** Every client mcpdeck reads, in the order used within one precedence level (a later one wins). */
export const CLIENTS: readonly ClientFormat[] = [claudeDesktop, claudeCode, cursor, vscode, windsurf, gemini, codex, qoder];

export const CLIENT_IDS = CLIENTS.map((c) => c.id);

export function clientById(id: string): ClientFormat | undefined {
  return CLIENTS.find((c) => c.id === id);
}

export function clientName(id: ClientId): string {
  return clientById(id)?.name ?? id;
}
