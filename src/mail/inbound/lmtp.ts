import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { Mailbox, MailboxStatus } from './inbound.js';
import type { IncomingMail } from './received.js';

export interface LmtpOptions {
  port: number;
  host: string;
  /** The addresses an MTA may connect from; anyone else is turned away at the greeting. */
  clients: readonly string[];
  maxBytes: number;
}

/** `::ffff:127.0.0.1` is 127.0.0.1: an IPv4 client on a dual-stack socket. */
const plainAddress = (address: string) => address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The LMTP listener (RFC 2033) an MTA such as Postfix delivers into. A mail is answered only once it is stored
 * (a 250 for each recipient), so the MTA keeps a mail this process could not take and tries again (a 451); one
 * over HELP_MAIL_MAX_BYTES is refused for good (552), and stops being buffered as soon as it passes the limit.
 */
export class LmtpMailbox implements Mailbox {
  #server: SMTPServer | undefined;
  #state: MailboxStatus = { name: 'lmtp', kind: 'lmtp', state: 'connecting' };
  #port: number | undefined;

  constructor(
    private readonly options: LmtpOptions,
    private readonly receive: (mail: IncomingMail) => Promise<unknown>,
    private readonly log: Pick<Logger, 'warn' | 'info'>,
  ) {}

  /** The port it listens on (the one the OS chose for port 0). */
  get port(): number | undefined {
    return this.#port;
  }

  async start(): Promise<void> {
    const { clients, maxBytes } = this.options;
    const allowed = new Set(clients.map(plainAddress));
    const server = new SMTPServer({
      lmtp: true,
      logger: false,
      // An MTA on the same host or network: no login, and TLS is its business with the world, not ours.
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      size: maxBytes,
      banner: 'Trellis mail in',
      // On shutdown a delivery under way has this long to be stored and answered before its connection is cut.
      closeTimeout: 5_000,
      onConnect: (session, callback) => {
        if (allowed.has(plainAddress(session.remoteAddress))) return callback();
        this.log.warn(
          { client: session.remoteAddress },
          'LMTP connection from a host not in HELP_LMTP_CLIENTS refused',
        );
        return callback(refusal(554, 'Not a configured client'));
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        let size = 0;
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
          // Past the limit nothing more is kept: the server answers 552 for every recipient.
          if (size <= maxBytes) chunks.push(chunk);
          else chunks.length = 0;
        });
        stream.on('end', () => {
          if (stream.sizeExceeded || size > maxBytes) return callback(refusal(552, 'Message too large'));
          const from = session.envelope.mailFrom;
          const recipients = session.envelope.rcptTo.map((r) => r.address);
          this.receive({
            mailbox: 'lmtp',
            raw: Buffer.concat(chunks),
            envelopeFrom: from === false ? null : from.address,
            envelopeTo: recipients,
          }).then(
            () => {
              this.#state = { ...this.#state, lastMailAt: new Date().toISOString() };
              // One answer per recipient: the mail is stored once for all of them.
              callback(null, recipients.map(() => 'OK: stored') as never);
            },
            (error: unknown) => {
              this.log.warn({ err: error }, 'an LMTP mail could not be stored: the MTA will try again');
              callback(refusal(451, 'Temporary failure: try again later'));
            },
          );
        });
      },
    });
    server.on('error', (error) => {
      this.#state = { ...this.#state, state: 'down', error: error.message };
      this.log.warn({ err: error }, 'LMTP listener error');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.#server = server;
    this.#port = (server.server.address() as AddressInfo).port;
    this.#state = { name: 'lmtp', kind: 'lmtp', state: 'up' };
    this.log.info({ host: this.options.host, port: this.#port }, 'LMTP listener up');
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.#state = { ...this.#state, state: 'down', error: 'stopped' };
  }

  status(): MailboxStatus {
    return { ...this.#state };
  }
}
