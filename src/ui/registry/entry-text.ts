import type { ChoiceView, RegistryDesk } from '../../core/mcp-registry/desk.js';
import type { Question } from '../../core/mcp-registry/launch.js';
import type { RegistryEntry, RegistryServer } from '../../core/mcp-registry/server-json.js';

// Registry text is kept as sent (bounded by the core); every function here returns text
// that is still to be sanitized where it is drawn (sanitizeLine, wrapRows, the pager).

/** How the server runs, as the list says it: `npm pypi remote`. */
export function entryKinds(server: RegistryServer): string {
  const kinds = [...new Set(server.packages.map((p) => p.registryType)), ...(server.remotes.length ? ['remote'] : [])];
  return kinds.join(' ') || 'nothing to run';
}

/** The registry's status when it is not `active` (`deprecated`, `deleted`), for a badge. */
export function statusOf(entry: RegistryEntry): string | undefined {
  const status = entry.official?.status;
  return status && status !== 'active' ? status : undefined;
}

/** `1.2.0 · latest`, `1.1.0 · deprecated`: a version with what the registry says of it. */
export function versionLabel(entry: RegistryEntry): string {
  const said = [entry.official?.isLatest ? 'latest' : undefined, statusOf(entry), entry.official?.publishedAt?.slice(0, 10)].filter(Boolean);
  return [entry.server.version, ...said].join(' · ');
}

/** One variable on one line: `* API_KEY  secret · number · default "x" · one of a, b: what it is`. */
function questionLine(q: Question): string {
  const facts = [
    q.secret ? 'secret' : undefined,
    q.format && q.format !== 'string' ? q.format : undefined,
    q.default !== undefined ? `default ${JSON.stringify(q.default)}` : undefined,
    q.choices?.length ? `one of ${q.choices.join(', ')}` : undefined,
  ].filter(Boolean);
  const head = `${q.required ? '*' : ' '} ${q.label}${facts.length ? `  ${facts.join(' · ')}` : ''}`;
  return q.description ? `${head}: ${q.description}` : head;
}

type Desk = Pick<RegistryDesk, 'questions' | 'commandLine'>;

/** What a choice asks and runs: its variables, then the command line (or why it cannot run). */
export function choiceLines(desk: Desk, server: RegistryServer, view: ChoiceView): { variables: string[]; runs: string; error: boolean } {
  const variables = desk.questions(server, view.choice).map(questionLine);
  const line = desk.commandLine(server, view.choice);
  return 'line' in line ? { variables, runs: line.line, error: false } : { variables, runs: line.error, error: true };
}

/** The whole entry for the pager: everything the page shows, nothing cut. */
export function wholeEntryText(desk: Desk, entry: RegistryEntry, choices: readonly ChoiceView[], versions: readonly RegistryEntry[] | undefined): string {
  const { server } = entry;
  const links = [server.repository && `repository: ${server.repository.url}`, server.websiteUrl && `website: ${server.websiteUrl}`].filter(Boolean);
  const ways = choices.flatMap((view) => {
    const { variables, runs, error } = choiceLines(desk, server, view);
    return ['', `${view.label}`, ...(variables.length ? variables.map((v) => `  ${v}`) : ['  (asks for nothing)']), `  ${error ? 'cannot run: ' : 'runs: '}${runs}`];
  });
  return [
    `${server.title ? `${server.title}  ` : ''}${server.name}  ${versionLabel(entry)}`,
    ...links,
    '',
    server.description.trim() || '(no description)',
    '',
    `versions: ${versions ? versions.map(versionLabel).join('; ') : '(not read)'}`,
    ...(ways.length ? ways : ['', 'it publishes no package or remote to run']),
  ].join('\n');
}
