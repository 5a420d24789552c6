import { protocolLabel } from '../../core/servers/status-label.js';
import type { ServerCapabilities } from '../../core/mcp/types.js';
import type { ServerState } from '../../core/servers/state.js';
import { terminalJson } from '../../util/json.js';
import { sanitize, sanitizeLine } from '../../util/sanitize.js';
import { clock } from './log/log-format.js';
import { whatRunsLines, type WhatRuns } from '../../core/config/what-runs.js';
import { fieldRows, wrapRows } from '../widgets/text/wrap.js';
import { sandboxLines } from './sandbox-lines.js';
import { compatLines } from './compat-lines.js';
import type { Finding } from '../../core/compat/types.js';

const NOTHING_RUNS: WhatRuns = { envNames: [], headerNames: [], inputs: [], missingInputs: [], variables: [] };

/** The column the values start in, under their labels. */
const LABEL = 14;

export interface InfoLine {
  text: string;
  kind?: 'heading' | 'warning' | 'error';
}

const MAIN = ['tools', 'resources', 'prompts', 'logging', 'completions'] as const;
const FLAG: Record<string, string> = { listChanged: 'list changes announced', subscribe: 'subscribe' };

function capabilityLines(capabilities: ServerCapabilities, logLevel: string | undefined): string[] {
  const lines = MAIN.map((name) => {
    const value = capabilities[name];
    if (!value) return `  ${name.padEnd(13)}—`;
    const flags = Object.keys(value).filter((k) => value[k as keyof typeof value]).map((k) => FLAG[k] ?? sanitizeLine(k));
    if (name === 'logging') flags.push(`level: ${logLevel ?? 'server default'}`);
    return `  ${name.padEnd(13)}✓${flags.length ? ` ${flags.join(' · ')}` : ''}`;
  });
  const other = Object.keys(capabilities).filter((k) => !(MAIN as readonly string[]).includes(k));
  if (other.length) lines.push(`  ${'also'.padEnd(13)}${other.map(sanitizeLine).join(', ')}`);
  return lines;
}

/**
 * Everything known about a server, as rows no wider than `width`, sanitized; with `compat`
 * (its findings, once connected), what well-known clients will make of its tools.
 */
export function infoLines(server: ServerState, width: number, compat?: readonly Finding[] | 'too-many'): InfoLine[] {
  const out: InfoLine[] = [];
  const rows = (texts: string[], kind?: InfoLine['kind']) => out.push(...texts.map((text) => ({ text, kind })));
  const add = (text: string, kind?: InfoLine['kind']) => rows(wrapRows(text, width), kind);
  const field = (label: string, value: string, kind?: InfoLine['kind']) => rows(fieldRows(label, value, width, LABEL), kind);
  const indented = (text: string, kind?: InfoLine['kind']) => rows(wrapRows(text, width - 2).map((row) => `  ${row}`), kind);
  const info = server.serverInfo;
  field('Server', info ? `${sanitizeLine(info.name)} ${sanitizeLine(info.version)}${info.title ? ` · ${sanitizeLine(info.title)}` : ''}` : `(not connected: ${server.status})`);
  if (server.protocolVersion) field('Protocol', protocolLabel(server));
  const proc = [server.transport, server.pid !== undefined && `pid ${server.pid}`, server.connectedAt && `connected ${clock(server.connectedAt)}`];
  field('Transport', proc.filter(Boolean).join(' · ') || '—');
  if (server.fallback) field('', sanitizeLine(server.fallback));
  field('Source', `${sanitizeLine(server.source.label)}${server.source.path ? ` · ${sanitizeLine(server.source.path)}` : ''}`);
  // What it starts and where, secrets masked: the same launch plan approval shows.
  whatRunsLines(server.runs ?? NOTHING_RUNS).forEach((line, i) => field(i ? '' : 'Launch', sanitizeLine(line)));
  if (server.error) field('Error', sanitizeLine(server.error), 'error');
  field('Roots', server.roots.length ? server.roots.map(sanitizeLine).join(', ') : 'none sent (the server keeps its own configuration); R sets some');
  sandboxLines(server, field, indented, add);
  if (server.approval) {
    const { needed, by, changed } = server.approval;
    const said = needed ? `waits for your approval${changed ? ' (changed since approved)' : ''}: A reviews it` : by === 'claude-code' ? "approved in Claude Code's settings" : 'approved by you';
    field('Approval', said, needed ? 'warning' : undefined);
  }
  if (server.capabilities) {
    add('Capabilities', 'heading');
    for (const line of capabilityLines(server.capabilities, server.logLevel)) add(line);
  }
  const instructions = sanitize(server.instructions ?? '').trim();
  if (instructions) {
    add('Instructions', 'heading');
    for (const line of instructions.split('\n')) indented(line);
  }
  if (compat) compatLines(compat, server, add, indented);
  add('Configuration (secrets masked)', 'heading');
  for (const line of terminalJson(server.config, 2).split('\n')) indented(sanitizeLine(line));
  const warnings = server.configIssues;
  if (warnings.length) {
    add('Config warnings', 'heading');
    for (const issue of warnings) indented(`${issue.severity}: ${sanitizeLine(issue.message)}`, 'warning');
  }
  return out;
}
