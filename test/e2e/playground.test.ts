// The model playground in a real terminal: the built deck on server-everything, with
// --model pointing at a local stand-in of OpenAI's Chat Completions. `m` opens it, a message
// typed goes out, the model's call of echo runs through the deck and the reply shows, and
// nothing the model writes drives the terminal.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { everythingStdio } from '../helpers/servers.js';
import { startModelStandIn, type ModelStandIn } from '../helpers/model-stand-in.js';
import { openTerminal, type Terminal } from './helpers/tmux.js';

describe('the model playground in a real terminal', () => {
  let model: ModelStandIn;
  let term: Terminal | undefined;
  beforeAll(async () => {
    model = await startModelStandIn({ apiKey: 'sk-test' });
  });
  afterAll(() => model.close());
  afterEach(() => term?.stop());

  it('m, a message, the model calls echo through the deck, and its reply streams in', async () => {
    term = openTerminal({ everything: everythingStdio() }, {
      columns: 100,
      rows: 30,
      args: ['--model', 'openai:test-model'],
      env: { OPENAI_BASE_URL: model.openaiBaseURL, OPENAI_API_KEY: 'sk-test' },
    });
    await term.waitFor(/everything\s+✓ connected/);
    await term.keys('m');
    const picker = await term.waitFor(/The model sees \d+ tools · [\d,]+ tokens of definitions/);
    expect(picker).toContain('model openai:test-model');
    expect(picker).toMatch(/› \[x\] everything/);
    await term.keys('Enter');
    await term.waitFor('a message for the model');

    model.script(
      { toolCalls: [{ name: 'echo', arguments: { message: 'hi from tmux' } }], usage: { input: 200, output: 12 } },
      { text: 'echo answered: hi from tmux\x1b[2J\x1b]0;pwned\x07', usage: { input: 230, output: 9 } },
    );
    await term.type('please echo hi');
    await term.keys('Enter');
    const screen = await term.waitFor('echo answered: hi from tmux');
    expect(screen).toContain('you    please echo hi');
    expect(screen).toMatch(/✓ +everything\/echo \{"message":"hi from tmux"\}/);
    expect(screen).toContain('→ Echo: hi from tmux');
    expect(screen).toContain('430 tokens in · 21 out · 2 model requests');
    // The model's control sequences show as markers; none reached the terminal.
    expect(screen).toContain('⟦ESC[2J⟧');
    expect(term.screen(true)).not.toMatch(/\x1b\[2J|\x1b\]0;pwned/);
    expect(term.tmux('display', '-p', '-t', 'main', '#{pane_title}')).not.toContain('pwned');

    // The key was sent as a bearer token, and the model got echo among the server's tools.
    expect(model.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect((model.requests[0]!.body.tools as { function: { name: string } }[]).map((t) => t.function.name)).toContain('echo');

    // esc leaves the playground for the server list.
    await term.keys('Escape');
    await term.waitFor((s) => !s.includes('playground') && /everything\s+✓ connected/.test(s));
  });
});
