import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** A mail the peer accepted: its envelope, the raw message, and the message parsed. */
export interface ReceivedMail {
  envelope: { from: string | false; to: string[] };
  /** Whether the session was upgraded with STARTTLS (or TLS from the start). */
  secure: boolean;
  raw: string;
  parsed: ParsedMail;
  /** The raw header block, for assertions on exactly what went over the wire. */
  headerBlock: string;
}

/** What the peer does with the next mails: accept, answer 4xx or 5xx, or drop the connection mid-transaction. */
export type PeerMode = 'accept' | 'temporary' | 'permanent' | 'drop';

/**
 * A real SMTP server (smtp-server) for the tests: records every accepted mail, and answers as a test tells it.
 * STARTTLS with the package's built-in certificate, so the app's client must upgrade as it would in production.
 */
export async function startSmtpPeer(options: Partial<SMTPServerOptions> = {}) {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let mode: PeerMode = 'accept';
  const sockets = new Set<Socket>();
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onConnect(session, callback) {
      callback();
    },
    onRcptTo(_address, session, callback) {
      attempts++;
      if (mode === 'temporary') return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      if (mode === 'permanent') return callback(Object.assign(new Error('No such user here'), { responseCode: 550 }));
      if (mode === 'drop') {
        for (const socket of sockets) socket.destroy();
        return undefined;
      }
      void session;
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom === false ? false : session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            secure: session.secure,
            raw,
            parsed,
            headerBlock: raw.slice(0, raw.search(/\r?\n\r?\n/)),
          });
          callback();
          for (const wake of waiters.splice(0)) wake();
        });
      });
    },
    ...options,
  });
  server.on('error', () => undefined);
  (server as unknown as { server: { on: (e: string, l: (s: Socket) => void) => void } }).server.on(
    'connection',
    (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server as unknown as { server: { address: () => AddressInfo } }).server.address().port;
  return {
    port,
    /** SMTP_URL for the app: STARTTLS is required by default; the peer's certificate is self-signed. */
    url: `smtp://127.0.0.1:${port}/?tls.rejectUnauthorized=false`,
    received,
    /** How many RCPT TO commands reached the peer (attempts, accepted or not). */
    attempts: () => attempts,
    answer(next: PeerMode) {
      mode = next;
    },
    /** Resolves once the peer holds at least `count` mails. */
    async waitFor(count: number): Promise<ReceivedMail[]> {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;
