/**
 * Every key binding of the app, as data. The dispatcher, the footer hints and the
 * `?` help all read this one table, so they cannot disagree with each other.
 */
export type Scope =
  | 'global' | 'list' | 'dashboard' | 'server' | 'tools' | 'resources' | 'prompts' | 'log'
  | 'form' | 'confirm' | 'running' | 'result' | 'pager' | 'filter' | 'help'
  | 'elicit' | 'sample' | 'urlRequired' | 'signIn' | 'auth' | 'sources' | 'approval' | 'roots' | 'saveTest'
  | 'tasks' | 'callForm' | 'drift' | 'registry' | 'registryServer' | 'skills'
  | 'playgroundPick' | 'playground' | 'playgroundAsk' | 'playgroundFile';

export interface Binding {
  scope: Scope;
  command: string;
  /** Key names as `keyName` spells them: `up`, `enter`, `esc`, `shift+tab`, `ctrl+c`, `q`. */
  keys: readonly string[];
  /** How the keys read in the footer and help, when not just the first key. */
  label?: string;
  /** The label while a field takes text (its letter keys type instead). */
  typingLabel?: string;
  /** A word or two for the footer; no hint keeps it out of the footer (help still lists it). */
  hint?: string;
  description: string;
}

export const BINDINGS = [
  { scope: 'list', command: 'up', keys: ['up', 'k'], label: '↑↓/jk', typingLabel: '↑↓', hint: 'move', description: 'Move the selection up' },
  { scope: 'list', command: 'down', keys: ['down', 'j'], label: '↓/j', description: 'Move the selection down' },
  { scope: 'list', command: 'pageUp', keys: ['pageup', 'ctrl+b'], label: 'PgUp', description: 'Up one page' },
  { scope: 'list', command: 'pageDown', keys: ['pagedown', 'ctrl+f', ' '], label: 'PgDn/space', description: 'Down one page' },
  { scope: 'list', command: 'first', keys: ['home', 'g'], label: 'Home/g', description: 'Go to the first item' },
  { scope: 'list', command: 'last', keys: ['end', 'G'], label: 'End/G', description: 'Go to the last item' },

  { scope: 'dashboard', command: 'open', keys: ['enter', 'right', 'l'], label: 'enter', hint: 'open', description: 'Open the selected server' },
  { scope: 'dashboard', command: 'reconnect', keys: ['r'], hint: 'reconnect', description: 'Reconnect the selected server' },
  { scope: 'dashboard', command: 'toggleEnabled', keys: ['e'], hint: 'enable/disable', description: 'Enable or disable the selected server (kept for servers in your user catalog)' },
  { scope: 'dashboard', command: 'keepTried', keys: ['a'], hint: 'add', description: 'On a server you try (`mcpdeck try`): add it to your user catalog, sandboxed with the hosts and paths it was refused while you tried it' },
  { scope: 'dashboard', command: 'signIn', keys: ['a'], hint: 'sign in', description: 'Sign in to the selected remote server (browser, or paste the redirected URL)' },
  { scope: 'dashboard', command: 'filter', keys: ['/'], hint: 'filter', description: 'Filter the list by name' },
  { scope: 'dashboard', command: 'approve', keys: ['A'], hint: 'approve', description: "Review what the selected server from a project's file would run, and approve it (or its whole file)" },
  { scope: 'dashboard', command: 'reviewDrift', keys: ['D'], hint: 'changes', description: "Show how the selected server's tools, prompts and resource templates changed since you accepted them (a diff of each), and accept them" },
  { scope: 'dashboard', command: 'newServer', keys: ['n'], hint: 'new', description: "Add a server (stdio command or URL) to your user catalog or the project's .mcp.json, through the same writer as `mcpdeck add`" },
  { scope: 'dashboard', command: 'editServer', keys: ['E'], hint: 'edit', description: "Edit the selected server in its file (mcpdeck's own files; another client's file is read-only here)" },
  { scope: 'dashboard', command: 'sources', keys: ['s'], hint: 'sources', description: "Where servers come from (other clients' files too): hide or show each source" },
  { scope: 'dashboard', command: 'registry', keys: ['g'], hint: 'registry', description: "Open the MCP Registry: search its servers, read one's versions, packages and variables, try it here or install it into a client's file (Home goes to the first server)" },
  { scope: 'dashboard', command: 'playground', keys: ['m'], hint: 'model', description: "Open the model playground: a model (--model provider:name) answers with the tools of the servers you pick, each call shown as it happens" },

  { scope: 'sources', command: 'toggleSource', keys: [' ', 'enter'], label: 'space', hint: 'hide/show', description: "Hide or show the selected source's servers (remembered for later runs)" },
  { scope: 'sources', command: 'closeSources', keys: ['esc', 's'], label: 'esc', hint: 'back', description: 'Back to the servers' },

  { scope: 'server', command: 'nextTab', keys: ['tab', 'right'], label: 'tab', hint: 'next tab', description: 'Next tab' },
  { scope: 'server', command: 'prevTab', keys: ['shift+tab', 'left'], label: 'shift+tab', description: 'Previous tab' },
  { scope: 'server', command: 'tab1', keys: ['1'], label: '1-8', hint: 'tabs', description: 'Tools tab' },
  { scope: 'server', command: 'tab2', keys: ['2'], description: 'Resources tab' },
  { scope: 'server', command: 'tab3', keys: ['3'], description: 'Prompts tab' },
  { scope: 'server', command: 'tab4', keys: ['4'], description: 'Log tab' },
  { scope: 'server', command: 'tab5', keys: ['5'], description: 'Info tab' },
  { scope: 'server', command: 'tab6', keys: ['6'], description: 'Tasks tab where the server offers tasks, else Skills or Auth' },
  { scope: 'server', command: 'tab7', keys: ['7'], description: 'Skills tab or Auth, whichever comes after 6' },
  { scope: 'server', command: 'tab8', keys: ['8'], description: 'Auth tab where 6 is Tasks and 7 is Skills' },
  { scope: 'server', command: 'reconnect', keys: ['r'], hint: 'reconnect', description: 'Reconnect this server' },
  { scope: 'server', command: 'approve', keys: ['A'], hint: 'approve', description: "Review what this server from a project's file would run, and approve it (or its whole file)" },
  { scope: 'server', command: 'editServer', keys: ['E'], hint: 'edit', description: "Edit this server in its file (mcpdeck's own files; another client's file is read-only here)" },
  { scope: 'server', command: 'editRoots', keys: ['R'], hint: 'roots', description: 'Edit the folders sent as roots (kept in your user catalog for its servers); the server is told' },
  { scope: 'server', command: 'allowBlocked', keys: ['w'], hint: 'allow', description: "Info tab of a sandboxed server: allow what the sandbox last refused it (the host or path marked →), written to its entry; a project's server then waits for approval again" },
  { scope: 'server', command: 'reviewDrift', keys: ['D'], hint: 'changes', description: "Show how this server's tools, prompts and resource templates changed since you accepted them (a diff of each), and accept them" },

  { scope: 'drift', command: 'acceptDrift', keys: ['y'], hint: 'accept', description: 'Accept the definitions as they are now: the marks go, later changes are shown against these' },
  { scope: 'drift', command: 'closeDrift', keys: ['esc'], hint: 'not now', description: 'Close without accepting: the changes stay marked' },

  { scope: 'playgroundPick', command: 'pickServer', keys: [' '], label: 'space', hint: 'check', description: 'Check or uncheck the selected server: the model gets the tools of the servers checked' },
  { scope: 'playgroundPick', command: 'startChat', keys: ['enter'], hint: 'start', description: "Start a conversation with the checked servers' tools" },
  { scope: 'playground', command: 'sendMessage', keys: ['enter'], hint: 'send', description: "Send the message: the model's reply streams in, each tool call it makes shown with its arguments, then its result" },
  { scope: 'playground', command: 'stopTurn', keys: ['esc'], hint: 'stop', description: "Stop the model's turn (a tool call running is cancelled and its server told); esc again leaves the playground" },
  { scope: 'playground', command: 'focusCalls', keys: ['tab'], hint: 'tool calls', description: "Leave the message line to pick one of the model's tool calls" },
  { scope: 'playground', command: 'prevCall', keys: ['up', 'k'], label: '↑↓', hint: 'pick call', description: 'Picking a tool call: the one before' },
  { scope: 'playground', command: 'nextCall', keys: ['down', 'j'], label: '↓', description: 'Picking a tool call: the one after' },
  { scope: 'playground', command: 'openCall', keys: ['enter', 'o'], hint: 'whole result', description: "Picking a tool call: show its arguments, how it ended and its whole result (as the model read it) in the pager" },
  { scope: 'playground', command: 'focusMessage', keys: ['tab', 'esc', 'i'], label: 'tab', hint: 'write', description: 'Picking a tool call: back to the message line' },
  { scope: 'playground', command: 'saveChat', keys: ['s', 'ctrl+s'], hint: 'save', description: 'Save the conversation (messages, tool calls, results, token use; mode 0600) to a file you name, under .mcpdeck/conversations/ by default (ctrl+s while typing)' },
  { scope: 'playground', command: 'saveCase', keys: ['e', 'ctrl+t'], hint: 'eval case', description: "Save the last message as an eval case (mcpdeck eval): the servers picked, and the tools the model called, in order, as what it must call; to mcpdeck.evals.json by default (ctrl+t while typing)" },
  { scope: 'playground', command: 'replayChat', keys: ['r', 'ctrl+r'], hint: 'replay', description: "Replay a saved conversation: its messages sent again, one after the other, in a new conversation over the servers picked here (ctrl+r while typing)" },
  { scope: 'playground', command: 'scrollUp', keys: ['pageup'], label: 'PgUp/PgDn', hint: 'scroll', description: 'Scroll the conversation up' },
  { scope: 'playground', command: 'scrollDown', keys: ['pagedown'], label: 'PgDn', description: 'Scroll the conversation down (to the end: it follows new text again)' },
  { scope: 'playgroundAsk', command: 'allowOnce', keys: ['y'], hint: 'run once', description: 'Run this tool call (one that may change things or reach the outside world) this once' },
  { scope: 'playgroundAsk', command: 'allowTool', keys: ['a'], hint: 'allow tool', description: "Run it, and let the model run this tool without asking for the rest of the conversation" },
  { scope: 'playgroundAsk', command: 'refuseCall', keys: ['n'], hint: 'refuse', description: 'Do not run it: the model is told the user did not allow the call' },
  { scope: 'playgroundFile', command: 'confirmFile', keys: ['enter'], hint: 'go', description: 'Save to the file typed, or replay the conversation saved in it (a relative path is from the launch folder)' },
  { scope: 'playgroundFile', command: 'cancelFile', keys: ['esc'], hint: 'cancel', description: 'Back to the conversation, nothing saved or replayed' },

  { scope: 'registry', command: 'openEntry', keys: ['enter'], hint: 'open', description: "Open the selected server's page: its versions, packages and remotes, their variables, and the command line mcpdeck would run" },
  { scope: 'registry', command: 'searchRegistry', keys: ['/'], hint: 'search', description: 'Type words to search the registry by name; the results follow as you type' },
  { scope: 'registry', command: 'morePage', keys: ['m'], hint: 'more', description: 'Load the next page of results (also loaded when the selection reaches the last one)' },
  { scope: 'registry', command: 'searchNow', keys: ['enter'], hint: 'to results', description: 'While typing: search at once and go to the results' },
  { scope: 'registry', command: 'stopTyping', keys: ['esc'], hint: 'stop typing', description: 'While typing: stop, keeping the words and the results (esc again goes back)' },

  { scope: 'registryServer', command: 'tryEntry', keys: ['t'], hint: 'try', description: 'Try the selected package or remote in this deck: asked for its values (secrets masked), sandboxed where the sandbox allows, written nowhere; its screen opens' },
  { scope: 'registryServer', command: 'installEntry', keys: ['i'], hint: 'install', description: "Install the selected package or remote, its version pinned, into a client's file you pick: asked for its values (secrets masked, kept out of the file)" },
  { scope: 'registryServer', command: 'pickVersion', keys: ['v'], hint: 'versions', description: 'Pick another published version of the server (newest first)' },
  { scope: 'registryServer', command: 'wholeEntry', keys: ['d'], hint: 'whole entry', description: 'Show the whole entry in the pager: the description in full, every package and remote with its variables and command line' },
  { scope: 'registryServer', command: 'openWebsite', keys: ['o'], hint: 'open website', description: "Open the server's website (else its repository) in your browser" },
  { scope: 'registryServer', command: 'choose', keys: ['enter'], hint: 'choose', description: 'Choose the selected version, or the file to install into' },
  { scope: 'registryServer', command: 'replaceEntry', keys: ['y'], hint: 'replace', description: 'After an install skipped because the file has an entry of that name already: replace that entry' },

  { scope: 'approval', command: 'approveSandboxed', keys: ['s', 'enter'], label: 's/enter', hint: 'approve sandboxed', description: "Approve this stdio server to run sandboxed (no network, nothing of your home folder; the default choice for a project's server); a change asks again" },
  { scope: 'approval', command: 'approveServer', keys: ['y'], hint: 'approve server', description: 'Approve this server as it is defined now (a change asks again)' },
  { scope: 'approval', command: 'approveFile', keys: ['f'], hint: 'approve file', description: 'Approve every server its file defines now' },
  { scope: 'approval', command: 'closeApproval', keys: ['n', 'esc'], label: 'n/esc', hint: 'not now', description: 'Close without approving: nothing starts' },

  { scope: 'roots', command: 'saveRoots', keys: ['enter'], hint: 'save', description: 'Send these roots (folders separated by the path separator, : or ;); empty sends none' },
  { scope: 'saveTest', command: 'toggleExpectation', keys: [' '], label: 'space', hint: 'check/uncheck', description: 'Check or uncheck the expectation under the cursor' },
  { scope: 'saveTest', command: 'prevRow', keys: ['up'], label: '↑↓', hint: 'move', description: 'Previous row' },
  { scope: 'saveTest', command: 'nextRow', keys: ['down', 'tab'], label: '↓/tab', description: 'Next row (the last one is the file, typed in place)' },
  { scope: 'saveTest', command: 'saveTestCase', keys: ['enter'], hint: 'save', description: 'Add the test to the file (made when missing; other tests and comments in it are kept)' },
  { scope: 'saveTest', command: 'cancelSaveTest', keys: ['esc'], hint: 'cancel', description: 'Back to the result without saving' },
  { scope: 'roots', command: 'cancelRoots', keys: ['esc'], hint: 'cancel', description: 'Leave the roots as they were' },

  { scope: 'tools', command: 'callTool', keys: ['enter'], hint: 'call', description: 'Call the selected tool (opens its form)' },
  { scope: 'tools', command: 'rawSchema', keys: ['s'], hint: 'whole tool', description: 'Show the whole tool in the pager: its description, annotations as sent, and the raw input and output schemas' },
  { scope: 'tools', command: 'filter', keys: ['/'], hint: 'filter', description: 'Filter tools by name, title or description' },
  { scope: 'tools', command: 'fuzz', keys: ['f'], hint: 'fuzz', description: 'Fuzz the selected tool: call it with arguments generated from its input schema (valid, edge and invalid) and show what the server must fix in the pager (a destructive tool asks first)' },

  { scope: 'resources', command: 'read', keys: ['enter'], hint: 'read', description: 'Read the selected resource, or fill in a template' },
  { scope: 'resources', command: 'filter', keys: ['/'], hint: 'filter', description: 'Filter resources by name, URI or description' },
  { scope: 'resources', command: 'watch', keys: ['w'], hint: 'watch/unwatch', description: 'Watch the resource (resources/subscribe): count its updates, re-read it in the pager; again to stop' },
  { scope: 'tasks', command: 'taskResult', keys: ['enter'], hint: 'result', description: "Fetch the selected task's result into the result view (waits for a task still running; esc stops waiting)" },
  { scope: 'tasks', command: 'cancelTask', keys: ['x'], hint: 'cancel task', description: 'Cancel the selected task (tasks/cancel): the server decides when it stops' },
  { scope: 'tasks', command: 'refreshTasks', keys: ['f'], hint: 'refresh', description: "Ask again: the server's tasks/list (2025-11-25), or tasks/get for each running task (2026-07-28 has no list)" },
  { scope: 'skills', command: 'loadSkill', keys: ['enter'], hint: 'load', description: "Load the selected skill into the pager: each file checked against its digest and size, SKILL.md's frontmatter against its entry; a mismatch refuses it with the reason (save one with `mcpdeck skills <server> <name> --to DIR`)" },
  { scope: 'skills', command: 'refreshSkills', keys: ['f'], hint: 'refresh', description: 'List the skills again (skills/list, every page)' },
  { scope: 'callForm', command: 'toggleTask', keys: ['ctrl+k'], hint: 'run as task', description: 'Run the call as a task, or not (a tool whose taskSupport is optional; one that requires it always runs as one)' },
  { scope: 'prompts', command: 'getPrompt', keys: ['enter'], hint: 'get', description: 'Fill in the arguments and get the prompt' },
  { scope: 'prompts', command: 'filter', keys: ['/'], hint: 'filter', description: 'Filter prompts by name, title or description' },

  { scope: 'log', command: 'nextPane', keys: ['t'], hint: 'stderr/log/traffic/network', description: "Switch between stderr, log messages, JSON-RPC traffic and (a remote server) the network: each HTTP exchange with its status, timing, masked headers and an SSE stream's events" },
  { scope: 'log', command: 'logLevel', keys: ['L'], hint: 'level', description: 'Ask the server for another log level (logging/setLevel)' },
  { scope: 'log', command: 'expand', keys: ['enter'], hint: 'expand', description: 'Show the whole selected message' },
  { scope: 'log', command: 'pickLevel', keys: ['enter'], hint: 'set level', description: 'Ask the server for the chosen log level' },

  { scope: 'form', command: 'acceptSuggestion', keys: ['tab'], hint: 'take suggestion', description: 'Take the chosen suggestion (marked ⇥) shown under the field (values the server completes for a prompt argument or a template variable); with none shown, next field' },
  { scope: 'form', command: 'nextSuggestion', keys: ['down'], label: '↑↓', hint: 'choose suggestion', description: 'While suggestions show: choose the next one (past the last, next field)' },
  { scope: 'form', command: 'prevSuggestion', keys: ['up'], label: '↑', description: 'While suggestions show: choose the previous one (above the first, previous field)' },
  { scope: 'form', command: 'nextField', keys: ['tab', 'down'], label: 'tab/↓', hint: 'next', description: 'Next field' },
  { scope: 'form', command: 'prevField', keys: ['shift+tab', 'up'], label: 'shift+tab/↑', description: 'Previous field' },
  { scope: 'form', command: 'submit', keys: ['ctrl+s'], label: 'ctrl+s', hint: 'send', description: 'Send (validates first)' },
  { scope: 'form', command: 'toggle', keys: [' '], label: 'space', hint: 'toggle', description: 'Toggle a checkbox or a choice' },
  { scope: 'form', command: 'sendAnyway', keys: ['ctrl+y'], hint: 'send anyway', description: "After a refused send: send the arguments as they are, though they fail the schema (to test the server's own checks); the result says so" },
  { scope: 'form', command: 'nextType', keys: ['ctrl+t'], hint: 'type', description: 'Switch the type of a field that takes several (boolean or text, a value or null, …)' },
  { scope: 'form', command: 'addItem', keys: ['ctrl+n'], hint: 'add item', description: 'Add an item to a list (an item of a list of objects opens to be filled in)' },
  { scope: 'form', command: 'removeItem', keys: ['ctrl+d'], hint: 'remove item', description: 'Remove the item under the cursor from a list' },
  { scope: 'form', command: 'openItem', keys: ['enter'], hint: 'open item', description: 'Open the item under the cursor of a list of objects, to fill in its fields' },
  { scope: 'form', command: 'closeItem', keys: ['esc'], hint: 'back to list', description: 'Close the open item, back to its list' },
  { scope: 'form', command: 'rawJson', keys: ['ctrl+r'], hint: 'raw JSON', description: 'Switch between the form and raw JSON' },
  { scope: 'form', command: 'advance', keys: ['enter'], description: 'Next field; on the send button, send' },
  { scope: 'form', command: 'prevChoice', keys: ['left'], label: '←→', hint: 'choose', description: 'Previous choice (a multi-select: previous option)' },
  { scope: 'form', command: 'nextChoice', keys: ['right'], label: '→', description: 'Next choice (a multi-select: next option)' },
  { scope: 'form', command: 'holdArrows', keys: ['left', 'right'], description: 'Elsewhere in a form, ← and → do nothing (a text field moves its cursor with them): they never switch tabs or leave the form' },

  { scope: 'confirm', command: 'yes', keys: ['y'], hint: 'yes', description: 'Yes, go ahead' },
  { scope: 'confirm', command: 'no', keys: ['n', 'esc'], label: 'n/esc', hint: 'no', description: 'No, go back' },

  { scope: 'running', command: 'cancel', keys: ['esc', 'ctrl+c'], label: 'esc', hint: 'cancel', description: 'Cancel the call (the server is told)' },

  { scope: 'result', command: 'again', keys: ['a'], hint: 'call again', description: 'Back to the form to call again' },
  { scope: 'result', command: 'openLink', keys: ['o'], hint: 'read link', description: 'Read a resource link of the result (with several, pick one)' },
  { scope: 'result', command: 'readLink', keys: ['enter'], hint: 'read', description: 'Read the selected resource link' },
  { scope: 'result', command: 'saveResult', keys: ['s'], hint: 'save all', description: 'Save the whole result to a JSON file, also what is too big to show' },
  { scope: 'result', command: 'nextBlocks', keys: [']'], label: '[ ]', hint: 'blocks', description: 'Show the next blocks of a result with more blocks than one view holds' },
  { scope: 'result', command: 'prevBlocks', keys: ['['], description: 'Show the previous blocks' },
  { scope: 'result', command: 'showImage', keys: ['i'], hint: 'image', description: 'Show an image of the result in the terminal, where it draws images (kitty, iTerm2, sixel); again: the next image' },
  { scope: 'result', command: 'openFile', keys: ['f'], hint: 'open file', description: 'Open a saved file of the result (an image, audio, a blob) in your browser or viewer (with several, pick one)' },
  { scope: 'result', command: 'openPicked', keys: ['enter'], hint: 'open', description: 'Open the selected file' },
  { scope: 'result', command: 'copyCommand', keys: ['c'], hint: 'copy', description: 'Copy the mcpdeck call command that repeats this call to the clipboard (through the terminal, OSC 52)' },
  { scope: 'result', command: 'openApp', keys: ['b'], hint: 'open app', description: "A tool with an MCP App ([app]): serve its app on 127.0.0.1 and open it in your browser; its calls and links come back here to allow" },
  { scope: 'result', command: 'saveTest', keys: ['t'], hint: 'save test', description: 'Save this call as a test: pick what it must give again (text, structured content, isError, duration) and the test file (mcpdeck test runs it)' },

  { scope: 'elicit', command: 'openUrl', keys: ['o'], hint: 'open in browser', description: 'Open the URL in your browser and accept' },
  { scope: 'elicit', command: 'copyUrl', keys: ['c'], hint: 'copy', description: 'Copy the URL to the clipboard (through the terminal, OSC 52)' },
  { scope: 'elicit', command: 'acceptUrl', keys: ['enter'], hint: 'accept', description: 'Accept without opening: you open the URL yourself' },
  { scope: 'elicit', command: 'declineRequest', keys: ['ctrl+x'], hint: 'decline', description: 'Decline: tell the server no' },
  { scope: 'elicit', command: 'cancelRequest', keys: ['esc'], hint: 'cancel', description: 'Cancel: dismiss the request without a yes or a no' },
  { scope: 'sample', command: 'sendReply', keys: ['ctrl+s'], hint: 'send reply', description: 'Send the reply as the model\'s message' },
  { scope: 'sample', command: 'toolUse', keys: ['ctrl+t'], hint: 'use a tool', description: 'Answer with a tool use instead: pick one of the tools the server offers and fill in its input (sampling with tools)' },
  { scope: 'sample', command: 'writeText', keys: ['ctrl+t'], hint: 'write text', description: 'Back to answering with text' },
  { scope: 'sample', command: 'prevTool', keys: ['up'], label: '↑↓', hint: 'pick tool', description: 'Previous tool offered' },
  { scope: 'sample', command: 'nextTool', keys: ['down'], label: '↓', description: 'Next tool offered' },
  { scope: 'sample', command: 'pickTool', keys: ['enter', 'ctrl+s'], label: 'enter', hint: 'fill in', description: 'Use the chosen tool: fill in its input, then ctrl+s sends the tool use' },
  { scope: 'sample', command: 'askModel', keys: ['ctrl+g'], hint: 'ask the model', description: 'Send the request to the configured model (--model, or models.default in settings.json): its reply lands in the editor to read before ctrl+s sends it; a tool use it picks waits for ctrl+s' },
  { scope: 'sample', command: 'declineSample', keys: ['ctrl+x', 'esc'], label: 'ctrl+x/esc', hint: 'decline', description: 'Decline the sampling request' },
  { scope: 'sample', command: 'scrollUp', keys: ['pageup'], label: 'PgUp/PgDn', hint: 'scroll', description: 'Scroll the messages up' },
  { scope: 'sample', command: 'scrollDown', keys: ['pagedown'], label: 'PgDn', description: 'Scroll the messages down' },
  { scope: 'urlRequired', command: 'retryCall', keys: ['r'], hint: 'retry', description: 'Call again with the same arguments (after visiting the page)' },
  { scope: 'urlRequired', command: 'openRequired', keys: ['o'], hint: 'open in browser', description: 'Open the page the server asks for in your browser' },
  { scope: 'urlRequired', command: 'copyRequired', keys: ['c'], hint: 'copy', description: 'Copy the URL to the clipboard (through the terminal, OSC 52)' },

  { scope: 'signIn', command: 'openSignInLink', keys: ['o'], hint: 'open link', description: 'Open the sign-in link in your browser (again)' },
  { scope: 'signIn', command: 'copySignInLink', keys: ['c'], hint: 'copy link', description: 'Copy the sign-in link to the clipboard (through the terminal, OSC 52)' },
  { scope: 'signIn', command: 'submitPaste', keys: ['enter'], hint: 'submit', description: 'Submit the pasted redirect URL or code' },
  { scope: 'signIn', command: 'clearPaste', keys: ['esc'], hint: 'clear', description: 'Clear what was pasted' },
  { scope: 'signIn', command: 'cancelSignIn', keys: ['esc'], hint: 'cancel', description: 'Cancel the sign-in' },
  { scope: 'signIn', command: 'stepUpYes', keys: ['enter'], hint: 'sign in', description: 'A server needs more permission: sign in again for it' },
  { scope: 'signIn', command: 'stepUpNo', keys: ['esc'], hint: 'not now', description: 'Do not sign in again (the request fails)' },
  { scope: 'signIn', command: 'retrySignIn', keys: ['a'], hint: 'try again', description: 'Try a failed sign-in again' },
  { scope: 'signIn', command: 'dismissSignIn', keys: ['esc', 'enter'], label: 'esc', hint: 'close', description: 'Close a failed sign-in' },
  { scope: 'auth', command: 'authSignIn', keys: ['a'], hint: 'sign in', description: 'Sign in to this server (again)' },
  { scope: 'auth', command: 'authSignOut', keys: ['x'], hint: 'sign out', description: 'Sign out: delete the stored tokens and registered client (asks first)' },
  { scope: 'auth', command: 'authDoctor', keys: ['d'], hint: 'doctor', description: 'Walk the sign-in step by step: what works, what fails, the redirect URI to register' },

  { scope: 'pager', command: 'search', keys: ['/'], hint: 'search', description: 'Search the text' },
  { scope: 'pager', command: 'nextMatch', keys: ['n'], label: 'n/N', hint: 'next/prev match', description: 'Next match' },
  { scope: 'pager', command: 'prevMatch', keys: ['N'], description: 'Previous match' },

  { scope: 'filter', command: 'accept', keys: ['enter'], hint: 'keep', description: 'Keep the filter and go back to the list' },
  { scope: 'filter', command: 'clear', keys: ['esc'], hint: 'clear', description: 'Clear the filter (also a kept one: esc clears it before it goes back)' },

  { scope: 'help', command: 'close', keys: ['esc', '?', 'q'], label: 'esc', hint: 'close', description: 'Close the help' },

  { scope: 'global', command: 'back', keys: ['esc'], hint: 'back', description: 'Go back one level' },
  { scope: 'global', command: 'help', keys: ['?'], hint: 'help', description: 'Show every key of this screen' },
  { scope: 'global', command: 'quit', keys: ['q'], hint: 'quit', description: 'Quit mcpdeck' },
  { scope: 'global', command: 'forceQuit', keys: ['ctrl+c'], description: 'Quit from anywhere' },
] as const satisfies readonly Binding[];

export type Command = (typeof BINDINGS)[number]['command'];
