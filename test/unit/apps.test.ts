import { describe, expect, it } from 'vitest';
import { appCsp, readCsp } from '../../src/core/apps/csp.js';
import { AppQuestions } from '../../src/core/apps/questions.js';
import { appResourceUri, APPS_EXTENSION } from '../../src/core/apps/ui-resource.js';
import { toolsTable } from '../../src/cli/format.js';
import type { ToolInfo } from '../../src/core/servers/tools.js';

const tool = (name: string, _meta?: Record<string, unknown>): ToolInfo => ({ name, qualifiedName: `mcp__s__${name}`, inputSchema: { type: 'object' }, ...(_meta && { _meta }) });

describe('MCP Apps: what a tool says about its UI', () => {
  it('reads _meta.ui.resourceUri, and the older flat key; only ui:// counts', () => {
    expect(APPS_EXTENSION).toBe('io.modelcontextprotocol/ui');
    expect(appResourceUri(tool('a', { ui: { resourceUri: 'ui://board/app.html' } }))).toBe('ui://board/app.html');
    expect(appResourceUri(tool('a', { 'ui/resourceUri': 'ui://old/app.html' }))).toBe('ui://old/app.html');
    expect(appResourceUri(tool('a', { ui: { resourceUri: 'https://evil.example/app.html' } }))).toBeUndefined();
    expect(appResourceUri(tool('a'))).toBeUndefined();
  });

  it('tags a tool with an app [app] in the CLI list', () => {
    const table = toolsTable([tool('show', { ui: { resourceUri: 'ui://x/y' } }), tool('plain')], { isTTY: false } as NodeJS.WriteStream);
    expect(table.split('\n').find((l) => l.startsWith('show'))).toContain('[app]');
    expect(table.split('\n').find((l) => l.startsWith('plain'))).not.toContain('[app]');
  });
});

describe('an app\'s CSP', () => {
  it('lets nothing out by default, and only the host page may frame the app', () => {
    const csp = appCsp(readCsp(undefined), 'http://127.0.0.1:5000');
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('frame-ancestors http://127.0.0.1:5000');
  });

  it('takes the declared origins, and drops anything that could add a directive', () => {
    const csp = appCsp(readCsp({ connectDomains: ['https://api.example.com', "https://x.com; script-src *", "'unsafe-eval'"], resourceDomains: ['https://*.cdn.example'] }), 'http://127.0.0.1:1');
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain('img-src data: blob: https://*.cdn.example');
    expect(csp).not.toContain('x.com');
    expect(csp.match(/script-src/g)).toHaveLength(1);
  });
});

describe('what an app asks the person', () => {
  it('is answered once; a withdrawn question is a no', async () => {
    const questions = new AppQuestions();
    const asked = questions.ask({ session: 1, kind: 'link', server: 's', url: 'https://example.com' });
    const [q] = questions.getSnapshot();
    questions.respond(q!.id, true);
    questions.respond(q!.id, false);
    expect(await asked).toBe(true);
    expect(questions.getSnapshot()).toEqual([]);
    const closing = new AbortController();
    const withdrawn = questions.ask({ session: 1, kind: 'link', server: 's', url: 'https://example.com' }, closing.signal);
    closing.abort();
    expect(await withdrawn).toBe(false);
  });
});
