/**
 * MCP Apps (`io.modelcontextprotocol/ui`, SEP-1865): what a tool's definition says about
 * its UI. Pure reads of `_meta`, so lists can tag a tool without loading the host.
 */

/** The extension's id, declared in the client's `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui';
/** The one mime type an app's HTML resource has. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';

type WithMeta = { _meta?: Record<string, unknown> | undefined };

/**
 * The `ui://` resource holding a tool's app: `_meta.ui.resourceUri`, or the older flat
 * `_meta["ui/resourceUri"]` some servers still send. Undefined for a tool without one.
 */
export function appResourceUri(tool: WithMeta): string | undefined {
  const meta = tool._meta;
  if (!meta || typeof meta !== 'object') return undefined;
  const ui = meta.ui;
  const nested = ui && typeof ui === 'object' ? (ui as Record<string, unknown>).resourceUri : undefined;
  const uri = typeof nested === 'string' ? nested : meta['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

