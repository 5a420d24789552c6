import { describe, expect, it } from 'vitest';
import { StdioTransport } from '../../src/core/mcp/stdio-transport.js';

describe('the stdio transport', () => {
  it('lets a write that meets a broken pipe wait for the exit, so the reason is the exit and not "write EPIPE"', async () => {
    // Closes its end of the pipe at once and says so, lives on a moment, then exits with
    // code 3. The write waits for that word, not for a time (a loaded machine starts node late).
    let closed!: () => void;
    const pipeClosed = new Promise<void>((resolve) => (closed = resolve));
    const transport = new StdioTransport({
      command: process.execPath,
      args: ['-e', "require('fs').closeSync(0); process.stderr.write('closed\\n'); setTimeout(() => process.exit(3), 200)"],
      onStderr: (chunk) => void (chunk.includes('closed') && closed()),
    });
    transport.onerror = () => undefined;
    await transport.start();
    await pipeClosed;
    const sent = await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' }).then(() => 'sent', (error: NodeJS.ErrnoException) => error.code);
    expect(sent).toBe('EPIPE');
    expect(transport.exit).toEqual({ code: 3, signal: null });
  });
});
