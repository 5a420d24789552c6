import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDeck, type Deck } from '../../src/core/deck.js';
import { openUserCatalog } from '../../src/core/config/user-catalog.js';
import { openApprovals } from '../../src/core/config/approvals.js';
import { sandbox } from '../integration/helpers/cli.js';
import { KEY, renderApp, type Rendered } from './helpers/render.js';

const HEALTHY = fileURLToPath(new URL('../fixtures/servers/healthy.mjs', import.meta.url));

describe('adding and editing a server from the deck', () => {
  let deck: Deck;
  let app: Rendered;
  afterEach(async () => {
    app?.unmount();
    await deck?.close();
  });

  async function open(files: (box: ReturnType<typeof sandbox>) => void = () => undefined, columns = 120, rows = 40) {
    const box = sandbox();
    mkdirSync(box.env.MCPDECK_CONFIG_DIR!, { recursive: true });
    files(box);
    deck = await createDeck({ cwd: box.cwd, env: box.env, userCatalog: openUserCatalog(box.env), approvals: openApprovals(box.env) });
    app = renderApp(deck, { columns, rows });
    return { box, catalog: join(box.env.MCPDECK_CONFIG_DIR!, 'servers.json') };
  }
  const typeText = (text: string) => app.press(...text.split(''));
  /** From the dashboard: n, a name, a whole command line as the Command, then ctrl+s. */
  async function sendNewServer(name: string, commandLine: string) {
    await app.waitFor('demo');
    await app.press('n');
    await app.waitFor('New server');
    await typeText(name);
    await app.press(KEY.down, KEY.down);
    await app.waitFor(/› Command/);
    await typeText(commandLine);
    await app.press(KEY.ctrl('s'));
  }

  it('n opens the form; what to fix shows above it and keeps every value; a valid server is written and appears connected', async () => {
    const { catalog } = await open();
    await app.waitFor('demo');
    await app.press('n');
    await app.waitFor('New server');
    expect(app.frame()).toMatch(/Where\*\s+user: the user catalog/);
    await typeText('bad name');
    // Transport stays stdio; no command given: the editor says what is missing, nothing is written.
    await app.press(KEY.ctrl('s'));
    await app.waitFor('must match pattern');
    await app.press(KEY.ctrl('u'));
    await typeText('echo');
    await app.press(KEY.ctrl('s'));
    await app.waitFor('a stdio server needs a command to run');
    expect(app.frame()).toContain('echo');
    await app.press(KEY.down, KEY.down);
    await app.waitFor(/› Command/);
    await typeText(process.execPath);
    await app.press(KEY.down);
    await app.waitFor(/› Arguments/);
    await app.press(KEY.ctrl('n'));
    await typeText(HEALTHY);
    await app.press(KEY.ctrl('s'));
    await app.waitFor((f) => f.includes('config reloaded: +1 −1 ~0') && !f.includes('New server'));
    await app.waitFor(/echo\s.*connected/);
    expect(JSON.parse(readFileSync(catalog, 'utf8')).mcpServers).toEqual({ echo: { command: process.execPath, args: [HEALTHY] } });
  });

  it('E edits a server in its own file, keeping the fields the form does not show; another client’s server is read-only', async () => {
    const { catalog } = await open((b) => {
      writeFileSync(join(b.env.MCPDECK_CONFIG_DIR!, 'servers.json'), JSON.stringify({ mcpServers: { mine: { command: 'node', args: ['old.js'], timeout: 5000, disabled: true } } }, null, 2));
      mkdirSync(join(b.env.HOME!, '.cursor'), { recursive: true });
      writeFileSync(join(b.env.HOME!, '.cursor', 'mcp.json'), JSON.stringify({ mcpServers: { theirs: { command: 'x', disabled: true } } }));
    });
    await app.waitFor('theirs');
    await app.waitFor(/› mine|› theirs/);
    // The list is in precedence order: Cursor's user file first.
    await app.press('E');
    await app.waitFor("theirs comes from Cursor's file");
    expect(app.frame()).toContain('read-only here');
    await app.press(KEY.down);
    await app.waitFor(/› mine/);
    await app.press('E');
    await app.waitFor('Edit mine in the user catalog');
    expect(app.frame()).toContain('old.js');
    await app.press(KEY.ctrl('u'));
    await typeText('renamed');
    await app.press(KEY.ctrl('s'));
    await app.waitFor((f) => f.includes('config reloaded: +1 −1 ~0') && !f.includes('Edit mine'));
    expect(JSON.parse(readFileSync(catalog, 'utf8')).mcpServers).toEqual({ renamed: { command: 'node', args: ['old.js'], timeout: 5000, disabled: true } });
    // From the server's own screen too.
    await app.waitFor(/› renamed/);
    await app.press(KEY.enter);
    await app.waitFor('1 Tools');
    await app.press('E');
    await app.waitFor('Edit renamed in the user catalog');
  });
  it('a masked env value edited in part is not saved: the form says to type the whole value and nothing is written', async () => {
    const { catalog } = await open((b) => {
      writeFileSync(join(b.env.MCPDECK_CONFIG_DIR!, 'servers.json'), JSON.stringify({ mcpServers: { ev2: { command: 'node', args: ['x.js'], env: { FOO: 'bar' }, disabled: true } } }, null, 2));
    });
    const before = readFileSync(catalog, 'utf8');
    await app.waitFor(/› ev2/);
    await app.press('E');
    await app.waitFor('Edit ev2 in the user catalog');
    await app.press(KEY.tab, KEY.tab, KEY.tab, KEY.tab);
    await app.waitFor(/› Environment\s+1\. FOO=••••••/);
    await app.press(KEY.backspace, KEY.backspace);
    await typeText('x');
    await app.waitFor(/› Environment\s+1\. FOO=••••x\n/);
    await app.press(KEY.ctrl('s'));
    await app.waitFor('FOO: type the whole new value; a hidden value cannot be edited in part');
    expect(app.frame()).toContain('Edit ev2');
    expect(readFileSync(catalog, 'utf8')).toBe(before);
  });

  it('a whole command line typed as the Command is split as a shell would (quotes kept together), shown, then saved as command and arguments', async () => {
    const { box, catalog } = await open();
    // A folder with a space: the quotes keep the path one argument.
    const folder = join(box.cwd, 'my servers');
    mkdirSync(folder);
    const script = join(folder, 'healthy.mjs');
    writeFileSync(script, `await import(${JSON.stringify(pathToFileURL(HEALTHY).href)});\n`);
    await sendNewServer('whole', `${process.execPath} '${script}'`);
    const shown = await app.waitFor('split as a shell would; check, then ctrl+s saves');
    expect(shown).toMatch(new RegExp(`Command\\s+${process.execPath}\\s*\\n`));
    expect(shown).toContain(`1. ${script}`);
    await app.press(KEY.ctrl('s'));
    await app.waitFor(/whole\s.*connected/);
    expect(JSON.parse(readFileSync(catalog, 'utf8')).mcpServers).toEqual({ whole: { command: process.execPath, args: [script] } });
  });

  it('E: a command line only a shell can run (a pipe) is refused with what to do; nothing is written', async () => {
    const { catalog } = await open((b) => {
      writeFileSync(join(b.env.MCPDECK_CONFIG_DIR!, 'servers.json'), JSON.stringify({ mcpServers: { piped: { command: 'node', disabled: true } } }, null, 2));
    });
    const before = readFileSync(catalog, 'utf8');
    await app.waitFor(/› piped/);
    await app.press('E');
    await app.waitFor('Edit piped in the user catalog');
    await app.press(KEY.down, KEY.down);
    await app.waitFor(/› Command/);
    await typeText(' server.js | tee log');
    await app.press(KEY.ctrl('s'));
    await app.waitFor('holds "|", which only a shell runs: use sh as the command, -c and the line as its arguments');
    expect(readFileSync(catalog, 'utf8')).toBe(before);
  });

  it('at 80 columns the notes above the form wrap whole (the refusal keeps its instruction, the split its path); the form keeps the rest', async () => {
    const { box } = await open(undefined, 80, 24);
    const script = join(box.cwd, 'a folder with a rather long name for servers', 'healthy.mjs');
    await sendNewServer('cut', 'node server.js | tee log');
    const refused = await app.waitFor('only a shell runs');
    // Read the rows under the title back as one text: nothing is cut, and no row is wider than the terminal.
    const notes = (frame: string, until: RegExp) => {
      const rows = frame.split('\n');
      const from = rows.findIndex((r) => r.startsWith('New server')) + 1;
      return rows.slice(from, rows.findIndex((r, i) => i >= from && until.test(r)));
    };
    const refusal = notes(refused, /Name\*/);
    expect(refusal.length).toBeGreaterThan(1);
    expect(refusal.join(' ')).toContain('which only a shell runs: use sh as the command, -c and the line as its arguments');
    expect(refused).toMatch(/› Command/);
    await app.press(KEY.ctrl('u'));
    await typeText(`node '${script}' --verbose`);
    await app.press(KEY.ctrl('s'));
    const split = await app.waitFor('split as a shell would');
    const said = notes(split, /Name\*/);
    expect(said.length).toBeGreaterThan(1);
    expect(said.every((r) => r.length <= 80)).toBe(true);
    expect(said.join(' ')).toContain(script);
    expect(split).toMatch(/Name\*/);
  });
});
