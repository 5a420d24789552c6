import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserEnv, browserRuns, startAuthStack, waitForBrowserRuns, type AuthStack } from './helpers/auth-stack.js';
import { openTerminal } from './helpers/tmux.js';

// The first sign-in from the deck, as a person does it: in a real terminal, with
// Chromium as the browser, against oidc-provider's own login and consent pages.
describe('signing in from the deck', () => {
  let stack: AuthStack;
  beforeAll(async () => {
    stack = await startAuthStack();
  });
  afterAll(() => stack?.stop());

  it('says who needs sign-in, signs in on `a` through the browser, and connects with no second key', async () => {
    const browser = browserEnv('consent');
    const env = { ...browser, MCPDECK_OAUTH_CALLBACK_PORT: '0' };
    const servers = { notes: { type: 'http', url: stack.serverUrl } };
    const term = openTerminal(servers, { columns: 100, rows: 30, env });
    try {
      await term.waitFor('notes needs sign-in: select it and press a');
      expect(term.screen()).toContain('! needs sign-in');
      await term.keys('a');
      await term.waitFor(/Sign in to notes/);
      const [run] = await waitForBrowserRuns(browser, 1);
      expect(run?.outcome.result).toBe('callback');
      const shown = await term.waitFor(/✓ connected/, 20_000);
      expect(shown).toContain('signed in to notes');
      expect(shown).not.toContain('Sign in to notes');
    } finally {
      term.stop();
    }
    // The next start reuses the saved sign-in: connected, and no browser.
    const again = openTerminal(servers, { columns: 100, rows: 30, env: { ...env, MCPDECK_CONFIG_DIR: `${term.dir}/config` } });
    try {
      await again.waitFor(/✓ connected/, 20_000);
      expect(browserRuns(browser)).toHaveLength(1);
    } finally {
      again.stop();
    }
  });
});
