#!/usr/bin/env node
// The client command that `conformance client` runs. The suite appends its test
// server's URL as the last argument and names the scenario in
// MCP_CONFORMANCE_SCENARIO. Each scenario is one call of mcpdeck's headless CLI;
// nothing here speaks MCP itself.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../bin/mcpdeck.js', import.meta.url));
const url = process.argv.at(-1);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO;

// args: the mcpdeck command line (runs: several, in order); expect: text the printed
// result must contain; refuses: the command must fail with exit 5 (protocol) saying this.
const scenarios = {
  // initialize, then tools/list (the server answers with no tools).
  initialize: { args: ['tools', '--url', url, '--json'] },
  // add_numbers takes numbers; key=value must be coerced through the input schema
  // (strings would make the server answer "... is 23").
  tools_call: {
    args: ['call', '--url', url, 'add_numbers', 'a=2', 'b=3', '--json'],
    expect: 'The sum of 2 and 3 is 5',
  },
  // The server closes the tools/call SSE stream after a priming event (retry: 500);
  // the result only arrives on a GET stream resumed with Last-Event-ID.
  'sse-retry': {
    args: ['call', '--url', url, 'test_reconnection', '--json'],
    expect: 'Reconnection test completed successfully',
  },
  // The tool asks for a form whose fields all have defaults (SEP-1034); accepting
  // the defaults must send each default with its own type.
  'elicitation-sep1034-client-defaults': {
    args: ['call', '--url', url, 'test_client_elicitation_defaults', '--on-elicit', 'accept-defaults', '--json'],
  },
  // 2026-07-28: the per-request _meta envelope and the MCP-Protocol-Version header on
  // every request, and a retry at a supported revision after -32022.
  'request-metadata': { args: ['tools', '--url', url, '--json'] },
  // Multi-round-trip calls: requestState echoed byte for byte, none invented, nothing
  // carried over to an unrelated call, a result without resultType taken as complete.
  'sep-2322-client-request-state': {
    runs: ['test_mrtr_echo_state', 'test_mrtr_no_state', 'test_mrtr_unrelated', 'test_mrtr_no_result_type'].map((tool) => ['call', '--url', url, tool, '--on-elicit', 'accept-defaults', '--json']),
  },
  // Mcp-Method and Mcp-Name on every POST.
  'http-standard-headers': {
    runs: [['call', '--url', url, 'test_headers', '--json'], ['call', '--url', url, 'my-hyphenated-tool', '--json']],
  },
  // x-mcp-header arguments mirrored into Mcp-Param-* headers, Base64 where a value needs it.
  'http-custom-headers': {
    runs: [
      ['call', '--url', url, 'test_custom_headers', 'region=us-west-2', 'priority=5', 'verbose=true', 'query=find it', 'non_ascii_val=café',
        'whitespace_val= padded ', 'leading_space_val= lead', 'trailing_space_val=trail ', 'internal_space_val=in side', 'tab_val=\tx', '--json'],
      ['call', '--url', url, 'test_custom_headers_null', 'region=eu', 'priority=1', 'query=q', '--json'],
    ],
  },
  // Tools with unusable x-mcp-header declarations are left out of the list: every tool
  // mcpdeck lists is called, and only the valid one may arrive.
  'http-invalid-tool-headers': { eachTool: (name) => ['call', '--url', url, name, 'region=x', '--json'] },
  // A $ref to a network URI in a tool's schema is never fetched (its server has no tools/call).
  'json-schema-ref-no-deref': { args: ['tools', '--url', url, '--json'] },
  // Skills (SEP-2640). Listing reads no skill file: not on connection, not on listing.
  'sep-2640-client-no-prefetch': { args: ['skills', '--url', url, '--json'], expect: 'skill://pdf-processing/SKILL.md' },
  // Loading the skill reads SKILL.md first; a SKILL.md that fails its check refuses the
  // skill (exit 5, the reason said) and its other file is never read.
  'sep-2640-client-verify-digest': { args: ['skills', '--url', url, 'pdf-processing'], refuses: 'does not match its digest' },
  'sep-2640-client-verify-size': { args: ['skills', '--url', url, 'pdf-processing'], refuses: 'its entry says' },
  'sep-2640-client-verify-frontmatter': { args: ['skills', '--url', url, 'pdf-processing'], refuses: 'differs from its entry in "description"' },
};

// Every auth/* scenario: connect, list the tools, call test-tool, signing in on the
// way through mcpdeck's own flow. The suite's authorization server redirects at once,
// so the "browser" is a script that follows the redirect to mcpdeck's loopback
// listener; each scenario starts with no saved sign-in. What a scenario gives the client
// (pre-registered credentials) arrives in MCP_CONFORMANCE_CONTEXT and goes into an
// ordinary config file, as a person would write it.
const authEnv = {};
if (scenario?.startsWith('auth/')) {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdeck-conformance-'));
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
  const oauth = {
    // Used where the authorization server supports client ID metadata documents (SEP-991).
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
    ...(context.client_id && { clientId: context.client_id }),
    ...(context.client_secret && { clientSecret: context.client_secret }),
    // Machine-to-machine: client credentials with a secret or a private key JWT.
    ...(scenario.startsWith('auth/client-credentials') && { grant: 'client_credentials' }),
    ...(context.private_key_pem && { privateKey: context.private_key_pem, signingAlgorithm: context.signing_algorithm }),
    // Enterprise-managed (SEP-990): the IdP's ID token, exchanged for an ID-JAG, then a JWT bearer grant.
    ...(context.idp_id_token && {
      grant: 'jwt-bearer',
      idp: { tokenEndpoint: context.idp_token_endpoint, clientId: context.idp_client_id, idToken: context.idp_id_token },
    }),
  };
  const config = join(dir, 'servers.json');
  writeFileSync(config, JSON.stringify({ mcpServers: { conformance: { type: 'http', url, oauth } } }));
  scenarios[scenario] = { args: ['call', '--strict', '-c', config, 'conformance', 'test-tool', '--sign-in', 'auto', '--json'] };
  Object.assign(authEnv, {
    MCPDECK_CONFIG_DIR: dir,
    MCPDECK_OAUTH_CALLBACK_PORT: '0',
    BROWSER: fileURLToPath(new URL('../fixtures/auth/browser.mjs', import.meta.url)),
    MCPDECK_TEST_BROWSER: 'follow',
  });
}

const entry = scenarios[scenario];
if (!entry) {
  console.error(`client.mjs: unknown scenario ${JSON.stringify(scenario)} (known: ${Object.keys(scenarios).join(', ')})`);
  process.exit(2);
}

/** One mcpdeck command; exits the script on failure, returns what it printed. */
function mcpdeck(args, allowFailure = false) {
  console.error(`$ mcpdeck ${args.join(' ')}`);
  // Bounded below the suite's own limit per scenario (30 s by default; run.mjs gives the
  // 0.2.0 sets 120 s and this 100 s) so a hung CLI is reported, not orphaned.
  const run = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: Number(process.env.MCPDECK_CONFORMANCE_COMMAND_MS ?? 25_000),
    env: { ...process.env, ...authEnv },
  });
  process.stdout.write(run.stdout ?? '');
  process.stderr.write(run.stderr ?? '');
  if (run.error) {
    console.error(`client.mjs: ${run.error.message}`);
    process.exit(1);
  }
  if (run.status !== 0 && !allowFailure) {
    console.error(`client.mjs: mcpdeck exited with ${run.status ?? run.signal}`);
    process.exit(1);
  }
  return allowFailure ? run : run.stdout ?? '';
}

if (entry.eachTool) {
  const tools = JSON.parse(mcpdeck(['tools', '--url', url, '--json']));
  for (const tool of tools) mcpdeck(entry.eachTool(tool.name));
} else if (entry.refuses) {
  const run = mcpdeck(entry.args, true);
  if (run.status !== 5 || !run.stderr.includes(entry.refuses)) {
    console.error(`client.mjs: expected mcpdeck to refuse with exit 5 saying ${JSON.stringify(entry.refuses)}; it exited ${run.status}`);
    process.exit(1);
  }
} else {
  for (const args of entry.runs ?? [entry.args]) {
    const out = mcpdeck(args);
    if (entry.expect && !out.includes(entry.expect)) {
      console.error(`client.mjs: expected the output to contain ${JSON.stringify(entry.expect)}`);
      process.exit(1);
    }
  }
}
