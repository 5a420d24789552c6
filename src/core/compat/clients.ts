/**
 * The clients and model APIs `mcpdeck lint` knows the limits of (docs/compatibility.md).
 * A model API stands for every client that hands MCP tools to it as they are.
 */
const CLIENTS = {
  openai: 'OpenAI API',
  anthropic: 'Anthropic API',
  gemini: 'Gemini API',
  'claude-code': 'Claude Code',
  'claude-desktop': 'Claude Desktop / claude.ai',
  cursor: 'Cursor',
  vscode: 'VS Code',
  'gemini-cli': 'Gemini CLI',
  'copilot-cli': 'GitHub Copilot CLI',
} as const;

export type ClientId = keyof typeof CLIENTS;

export const CLIENT_IDS = Object.keys(CLIENTS) as ClientId[];

export const isClientId = (id: string): id is ClientId => Object.hasOwn(CLIENTS, id);

export const clientLabels = (ids: readonly ClientId[]) => ids.map((id) => CLIENTS[id]).join(', ');
