import { PassThrough, Writable } from 'node:stream';
import type { Socket } from 'node:net';
import type { Deck } from '../../core/deck.js';
import { lastNoticeId, lentDeck } from './lend.js';
import { send, type ToSession } from './wire.js';

type Attach = Extract<ToSession, { t: 'attach' }>;

/** The client's terminal as Ink sees it: what is drawn goes over the socket; its size changes on `size`. */
function terminalOut(socket: Socket, columns: number, rows: number) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      send(socket, { t: 'o', b: chunk.toString('base64') });
      callback();
    },
  }) as Writable & { isTTY: boolean; columns: number; rows: number };
  Object.assign(stream, { isTTY: true, columns, rows });
  return stream;
}

/** The client's keys as Ink reads them: raw mode is the client's to set (it did). */
function terminalIn() {
  const stream = new PassThrough() as PassThrough & { isTTY: boolean; isRaw: boolean; setRawMode: (raw: boolean) => unknown; ref: () => void; unref: () => void };
  Object.assign(stream, { isTTY: true, isRaw: true, setRawMode: () => stream, ref: () => undefined, unref: () => undefined });
  return stream;
}

/**
 * `mcpdeck` while a session runs: the session draws the deck over its own Deck on the
 * client's terminal (the client passes keys and sizes and prints what comes back), so the
 * deck shows the session's servers live, with the calls scripts make through it in each
 * server's Log tab, and the questions they wait on in its overlay. Quitting the deck ends
 * the attachment, not the session. Returns the handler for the client's further messages.
 */
export function attachDeck(deck: Deck, socket: Socket, first: Attach): (message: ToSession) => boolean {
  const stdout = terminalOut(socket, first.columns, first.rows);
  const stdin = terminalIn();
  let detach = () => undefined as void;
  socket.on('close', () => detach());
  void (async () => {
    const [{ openScreen }, { createTheme }, { runTui }] = await Promise.all([import('../../ui/start.js'), import('../../ui/theme/theme.js'), import('../../ui/run.js')]);
    const theme = createTheme(first.env);
    const screen = openScreen(theme, { stdout: stdout as unknown as NodeJS.WriteStream, stdin: stdin as unknown as NodeJS.ReadStream });
    detach = () => screen.app.unmount();
    try {
      await runTui(lentDeck(deck, { noticesAfter: lastNoticeId(deck.requests) }), screen, theme);
    } finally {
      screen.close();
      send(socket, { t: 'exit', code: 0 });
    }
  })().catch((error: unknown) => {
    send(socket, { t: 'e', d: `mcpdeck: the session could not draw the deck: ${(error as Error).message}\n` });
    send(socket, { t: 'exit', code: 70 });
  });
  return (message) => {
    if (message.t === 'in') stdin.write(Buffer.from(message.b, 'base64'));
    else if (message.t === 'size') {
      Object.assign(stdout, { columns: message.columns, rows: message.rows });
      stdout.emit('resize');
    } else return false;
    return true;
  };
}
