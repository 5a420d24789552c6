// Every place mcpdeck reaches into the v2 client SDK, or works around what it does, is
// listed in ARCHITECTURE.md ("Seams"). Each test here fails when its seam disappears (a
// private member renamed, a message reworded) or stops being needed (the SDK does it
// itself), and names the file to change.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const dist = dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/client'));
const sdkText = readdirSync(dist).filter((f) => f.endsWith('.mjs')).map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
const members = Client.prototype as unknown as Record<string, unknown>;

describe('seams into the SDK: each is still there', () => {
  it('task-wire.ts wraps _requestWithSchemaViaCodec to let tools/call answer with a task', () => {
    expect(typeof members._requestWithSchemaViaCodec, 'renamed: acceptTaskResults in src/core/mcp/task-wire.ts would do nothing').toBe('function');
  });

  it('deck-client.ts overrides _wrapHandler and _onnotification', () => {
    expect(typeof members._wrapHandler, 'renamed: DeckClient (src/core/mcp/deck-client.ts) no longer takes elicitation as sent').toBe('function');
    expect(typeof members._onnotification, 'renamed: DeckClient no longer hears progress for its own tokens').toBe('function');
  });

  it('server-requests.ts reads _requestHandlers to put its elicitation handler over the task receiver', () => {
    const handlers = (new Client({ name: 'seam', version: '1' }) as unknown as { _requestHandlers?: unknown })._requestHandlers;
    expect(handlers, 'renamed: bindTaskAsks in src/core/mcp/server-requests.ts').toBeInstanceOf(Map);
  });

  it('session.ts knows a lost stream by the words the SDK reports it with (it gives them no code)', () => {
    expect(sdkText, 'reworded: watchStream in src/core/mcp/session.ts').toContain('Maximum reconnection attempts (');
    expect(sdkText, 'reworded: watchStream in src/core/mcp/session.ts').toContain('SSE stream disconnected: ');
  });

  it("call.ts hides the SDK's own input-required rounds, which it reports as progress", () => {
    expect(sdkText, "reworded: sdkRound in src/core/mcp/call.ts would show the SDK's words as the server's progress").toContain("message: `Fulfilling input required by '${method}' (round ${round})`");
  });
});

describe('workarounds of the SDK: each is still needed', () => {
  it('method-header.ts: the SDK posts a 2026-07-28 notification without Mcp-Method (SEP-2243)', async () => {
    const posted: Headers[] = [];
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:9/mcp'), {
      fetch: async (_url, init) => {
        posted.push(new Headers(init?.headers));
        return new Response(null, { status: 202 });
      },
    });
    transport.setProtocolVersion('2026-07-28');
    await transport.start();
    await transport.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    await transport.close();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.get('mcp-method'), 'the SDK sets it now: remove src/core/mcp/method-header.ts').toBeNull();
  });
});
