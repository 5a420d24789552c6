import { useState } from 'react';
import { appResourceUri } from '../../core/apps/ui-resource.js';
import type { CallToolResult } from '../../core/mcp/types.js';
import type { ToolInfo } from '../../core/servers/tools.js';
import { useDeck } from '../DeckContext.js';
import { useNavigation } from '../navigation/NavigationContext.js';
import { useOpener } from '../system/OpenerContext.js';

/**
 * The result's `b`: serves the tool's app with this call's result and opens it in the
 * browser, then shows the app's screen. Where the browser cannot be opened it says so
 * and gives the link. Undefined for a tool without an app (or no result yet).
 */
export function useOpenApp(server: string, tool: ToolInfo | undefined, args: Record<string, unknown>, result: CallToolResult | undefined, say: (text: string) => void): (() => void) | undefined {
  const deck = useDeck();
  const nav = useNavigation();
  const opener = useOpener();
  const [busy, setBusy] = useState(false);
  if (!tool || !result || !appResourceUri(tool) || busy) return undefined;
  return () => {
    setBusy(true);
    say('serving the app…');
    void (async () => {
      try {
        const { url, session } = await deck.apps.open(server, tool, args, result);
        let opened = `opened in your browser (the link works once): ${url}`;
        if (!opener) opened = `no browser here: open this link yourself (it works once): ${url}`;
        else await opener(url).catch((error: Error) => (opened = `could not open the browser (${error.message}): open this link yourself (it works once): ${url}`));
        nav.push({ screen: 'app', id: session.id, tool: tool.name, opened });
        say('');
      } catch (error) {
        say(`could not serve the app: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        setBusy(false);
      }
    })();
  };
}
