import { ToolCallError } from '../mcp/call.js';
import { httpStatus } from '../mcp/errors.js';
import type { Session } from '../mcp/session.js';

/** What a renewal needs of its connection. */
export interface RenewalHost {
  /** Opens a new session in place of the current one. */
  connect(): Promise<void>;
  /** The live session, if any. */
  session(): Session | undefined;
  /** Why there is no session, for a request that needed a new one and did not get it. */
  failure(): string | undefined;
  note(text: string): void;
}

/**
 * Sends on a session. A Streamable HTTP server that forgot the session answers 404:
 * a new session is initialized on a new transport and the request sent once more;
 * calls that found out together share the one new session.
 */
export class SessionRenewal {
  /** The re-initialization under way after the server forgot a session, shared by the calls that found out. */
  private renewing?: { session: Session; done: Promise<void> };

  constructor(private readonly host: RenewalHost) {}

  async send<T>(session: Session, fn: (session: Session) => Promise<T>): Promise<T> {
    try {
      return await fn(session);
    } catch (error) {
      const expired = error instanceof ToolCallError ? error.kind === 'session-expired' : httpStatus(error) === 404;
      if (!expired || !session.transport.sessionId) throw error;
      if (this.renewing?.session !== session) {
        this.host.note('the server no longer knows this session (HTTP 404); starting a new one');
        this.renewing = { session, done: this.host.connect() };
      }
      await this.renewing.done;
      const fresh = this.host.session();
      if (!fresh) throw new ToolCallError('session-expired', `the server no longer knows this session (HTTP 404), and a new one failed: ${this.host.failure() ?? 'unknown'}`);
      return fn(fresh);
    }
  }
}
