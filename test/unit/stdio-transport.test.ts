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

  it('puts a line that comes in many chunks back together byte for byte, a character split between chunks and all', async () => {
    // 300 KB in writes of 1,000 bytes, a pause now and then so the pipe hands them over
    // in many reads; "é" is two bytes in UTF-8 and "😀" four, so some fall across reads.
    const text = 'aé😀b'.repeat(30_000);
    const script = `const line = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'aé😀b'.repeat(30_000) } }) + '\\r\\n';
      const bytes = Buffer.from(line); let at = 0;
      const next = () => { if (at >= bytes.length) return; process.stdout.write(bytes.subarray(at, at += 1000)); at % 50_000 < 1000 ? setTimeout(next, 5) : next(); };
      next();`;
    const transport = new StdioTransport({ command: process.execPath, args: ['-e', script] });
    const got = new Promise<unknown>((resolve) => (transport.onmessage = resolve));
    transport.onerror = () => undefined;
    await transport.start();
    const message = (await got) as { params: { data: string } };
    await transport.close();
    expect(message.params.data).toBe(text);
  });

  it('does not blame a server that exited for closing its stdout when mcpdeck was too busy to hear the exit in time', async () => {
    // Closes stdout, says so on stderr, and exits 50 ms later. Hearing that word, this process
    // is busy for 400 ms (a loaded machine): the exit is then waiting to be read when the
    // 200 ms grace for a closed stdout has run out.
    const errors: string[] = [];
    const script = "require('fs').closeSync(1); setTimeout(() => { process.stderr.write('closed\\n'); setTimeout(() => process.exit(3), 50); }, 20)";
    const transport = new StdioTransport({
      command: process.execPath,
      args: ['-e', script],
      onStderr: (chunk) => {
        if (!chunk.includes('closed')) return;
        for (const until = Date.now() + 400; Date.now() < until; );
      },
    });
    transport.onerror = (error) => errors.push(error.message);
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    await transport.start();
    await closed;
    expect(errors).toEqual([]);
    expect(transport.exit).toEqual({ code: 3, signal: null });
  });
});
