import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { openApprovals } from '../../src/core/config/approvals.js';
import type { Editable } from '../../src/core/config/server-editor.js';
import { sandbox } from './helpers/cli.js';
import { state } from './helpers/deck.js';

let deck: Deck | undefined;
afterEach(async () => {
  await deck?.close();
});

async function open(files: (box: ReturnType<typeof sandbox>) => void = () => undefined) {
  const box = sandbox();
  mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
  files(box);
  deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env), approvals: openApprovals(box.env) });
  return { box, deck, catalog: join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json') };
}

describe("the deck's server editor (the form's core)", () => {
  it('adds to the project file: the server waits for approval like any other there', async () => {
    const { box, deck } = await open();
    expect(deck.editor.scopes().map((s) => s.id)).toEqual(['user', 'project']);
    const said = await deck.editor.save({ name: 'proj', transport: 'stdio', command: 'node', args: ['-e', '0', ''], env: ['A=1', ''], scope: 'project' });
    expect(said).toBe(`added proj to ${join(box.cwd, '.mcp.json')}`);
    expect(JSON.parse(readFileSync(join(box.cwd, '.mcp.json'), 'utf8'))).toEqual({ mcpServers: { proj: { command: 'node', args: ['-e', '0'], env: { A: '1' } } } });
    expect(state(deck, 'proj').status).toBe('needs-approval');
  });

  it('auto writes a URL without a type, as `mcpdeck add <name> <url>` does (Streamable HTTP, then SSE); editing such an entry keeps it so', async () => {
    const { deck, catalog } = await open();
    await deck.editor.save({ name: 'guess', transport: 'auto', url: 'https://x.example/sse', scope: 'user' });
    expect(JSON.parse(readFileSync(catalog, 'utf8')).mcpServers.guess).toEqual({ url: 'https://x.example/sse' });
    const editable = deck.editor.editable(deck.definition('guess')!) as Editable;
    expect(editable.fields).toMatchObject({ transport: 'auto', url: 'https://x.example/sse' });
    await deck.editor.save({ ...editable.fields, headers: ['X-Team: a'] }, editable);
    expect(JSON.parse(readFileSync(catalog, 'utf8')).mcpServers.guess).toEqual({ url: 'https://x.example/sse', headers: { 'X-Team': 'a' } });
    const again = deck.editor.editable(deck.definition('guess')!) as Editable;
    await deck.editor.save({ ...again.fields, transport: 'sse' }, again);
    expect(JSON.parse(readFileSync(catalog, 'utf8')).mcpServers.guess).toEqual({ type: 'sse', url: 'https://x.example/sse', headers: { 'X-Team': 'a' } });
  });

  it('with --strict --config, a new server goes to the named file (the only one read)', async () => {
    const box = sandbox();
    const file = join(box.cwd, 'mine.json');
    writeFileSync(file, JSON.stringify({ mcpServers: {} }));
    deck = await createDeck({ cwd: box.cwd, env: box.env, configFiles: ['mine.json'], strict: true });
    expect(deck.editor.scopes()).toEqual([{ id: `file:${file}`, label: `file: ${file}` }]);
    await deck.editor.save({ name: 'x', transport: 'http', url: 'https://x.example/mcp' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ mcpServers: { x: { type: 'http', url: 'https://x.example/mcp' } } });
    expect(state(deck, 'x').source.kind).toBe('file');
  });

  it('says what to fix and writes nothing: a bad name, a missing command or URL, a malformed header, a name taken', async () => {
    const { deck, catalog } = await open((b) => writeFileSync(join(b.env.MCPDECK_CONFIG_DIR!, 'servers.json'), JSON.stringify({ mcpServers: { taken: { command: 'x' } } })));
    const before = readFileSync(catalog, 'utf8');
    await expect(deck.editor.save({ name: 'a b', transport: 'stdio', command: 'x', scope: 'user' })).rejects.toThrow('"a b" is not a usable name');
    await expect(deck.editor.save({ name: 'ok', transport: 'stdio', scope: 'user' })).rejects.toThrow('a stdio server needs a command to run');
    await expect(deck.editor.save({ name: 'ok', transport: 'http', scope: 'user' })).rejects.toThrow('an HTTP server needs a URL');
    await expect(deck.editor.save({ name: 'ok', transport: 'auto', scope: 'user' })).rejects.toThrow('a remote server needs a URL');
    await expect(deck.editor.save({ name: 'ok', transport: 'sse', url: 'ftp://x', scope: 'user' })).rejects.toThrow('"url" must be an http:// or https:// URL');
    await expect(deck.editor.save({ name: 'ok', transport: 'http', url: 'https://x.example/mcp', headers: ['no colon'], scope: 'user' })).rejects.toThrow(`header "no colon" must look like 'Name: value'`);
    await expect(deck.editor.save({ name: 'taken', transport: 'stdio', command: 'y', scope: 'user' })).rejects.toThrow('"taken" already exists in the user catalog');
    expect(readFileSync(catalog, 'utf8')).toBe(before);
  });

  it("edits in place (from stdio to HTTP, keeping the other fields); another client's server is read-only", async () => {
    const { box, deck, catalog } = await open((b) => {
      writeFileSync(join(b.env.MCPDECK_CONFIG_DIR!, 'servers.json'), '{\n  // mine\n  "mcpServers": { "s": { "command": "x", "args": ["1"], "cwd": "/tmp", "timeout": 900, "disabled": true } }\n}\n');
      mkdirSync(join(b.env.HOME!, '.cursor'), { recursive: true });
      writeFileSync(join(b.env.HOME!, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { theirs: { command: 'x', disabled: true } } }));
    });
    expect(deck.editor.editable(deck.definition('theirs')!)).toEqual({ readOnly: expect.stringContaining(`theirs comes from Cursor's file ${join(box.env.HOME!, '.cursor', 'mcp.json')}, which is read-only here`) });
    const editable = deck.editor.editable(deck.definition('s')!) as Editable;
    expect(editable.fields).toEqual({ name: 's', transport: 'stdio', command: 'x', args: ['1'], env: undefined });
    await deck.editor.save({ name: 's', transport: 'http', url: 'https://x.example/mcp', headers: ['Authorization: Bearer ${TOKEN}'] }, editable);
    const text = readFileSync(catalog, 'utf8');
    expect(text).toContain('// mine');
    // Read again at once: ${TOKEN} is not set here, but the server is turned off, so nothing of it is needed yet.
    expect(state(deck, 's')).toMatchObject({ status: 'disabled', error: undefined, config: { type: 'http', url: 'https://x.example/mcp' } });
    // What the form showed masked and was left alone is written back as it was; a masked value moved to a new name is refused.
    const http = deck.editor.editable(deck.definition('s')!) as Editable;
    expect(http.fields.headers).toEqual(['Authorization: Bearer ${TOKEN}']);
    await deck.editor.save({ ...http.fields, headers: ['X-Api-Key: sk-live-1'] }, http);
    const keyed = deck.editor.editable(deck.definition('s')!) as Editable;
    expect(keyed.fields.headers).toEqual(['X-Api-Key: ••••••']);
    await expect(deck.editor.save({ ...keyed.fields, headers: ['X-Other-Key: ••••••'] }, keyed)).rejects.toThrow('"X-Other-Key: ••••••" still holds a hidden value');
    await deck.editor.save({ ...keyed.fields, url: 'https://y.example/mcp' }, keyed);
    expect(JSON.parse(readFileSync(catalog, 'utf8').replace('// mine', '')).mcpServers.s).toMatchObject({ url: 'https://y.example/mcp', headers: { 'X-Api-Key': 'sk-live-1' } });
    expect(JSON.parse(text.replace('// mine', '')).mcpServers.s).toEqual({ timeout: 900, disabled: true, type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } });
  });
  it('refuses a masked env value or credential header edited in part, naming the key; nothing is written', async () => {
    const { deck, catalog } = await open((b) => {
      writeFileSync(join(b.env.MCPDECK_CONFIG_DIR!, 'servers.json'), JSON.stringify({ mcpServers: {
        ev2: { command: 'node', args: ['x.js'], env: { FOO: 'bar', KEEP: 'same' }, disabled: true },
        web: { type: 'http', url: 'https://x.example/mcp', headers: { 'X-Api-Key': 'sk-live-1' }, disabled: true },
      } }));
    });
    const before = readFileSync(catalog, 'utf8');
    const ev2 = deck.editor.editable(deck.definition('ev2')!) as Editable;
    expect(ev2.fields.env).toEqual(['FOO=••••••', 'KEEP=••••••']);
    // Backspace twice and an x, as in the form.
    await expect(deck.editor.save({ ...ev2.fields, env: ['FOO=••••x', 'KEEP=••••••'] }, ev2)).rejects.toThrow('FOO: type the whole new value; a hidden value cannot be edited in part');
    const web = deck.editor.editable(deck.definition('web')!) as Editable;
    await expect(deck.editor.save({ ...web.fields, headers: ['X-Api-Key: ••x'] }, web)).rejects.toThrow('X-Api-Key: type the whole new value; a hidden value cannot be edited in part');
    expect(readFileSync(catalog, 'utf8')).toBe(before);
    // Typed whole, the new value is written; the untouched one goes back as it was.
    await deck.editor.save({ ...ev2.fields, env: ['FOO=baz', 'KEEP=••••••'] }, ev2);
    expect(JSON.parse(readFileSync(catalog, 'utf8')).mcpServers.ev2.env).toEqual({ FOO: 'baz', KEEP: 'same' });
  });
});
