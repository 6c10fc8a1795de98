import type { AuditRecorder } from '../../audit/recorder.js';
import type { Helpdesk } from '../../helpdesk/module.js';
import { Cursors } from '../../platform/graphql/connections.js';
import type { PlatformServices } from '../../platform/services.js';
import { Mailer } from '../service.js';
import { HeldMailService } from './held.js';
import { imapAccountOf, ImapMailbox } from './imap.js';
import { inboundMetrics, MailInbound } from './inbound.js';
import { LmtpMailbox } from './lmtp.js';
import { InboundMailProcessor } from './processor.js';
import type { IncomingMail } from './received.js';

/** Mail in as the mail module runs it: the processor, held mail, the worker, and the configured mailboxes. */
export function assembleMailInbound(
  { config, orm, now, log, metrics }: PlatformServices,
  helpdesk: Helpdesk,
  audit: AuditRecorder,
  mailer: Mailer,
): MailInbound {
  // The gauge reads the mailboxes when scraped, by which time they exist.
  const counts = inboundMetrics(metrics.registry, () => inbound.status());
  const processor = new InboundMailProcessor(
    config.mail,
    helpdesk,
    mailer,
    Mailer.recipientBook(mailer.contacts, () => mailer.agents),
    now,
    () => orm.em.fork(),
    log,
    counts.settled,
  );
  const held = new HeldMailService(now, audit, new Cursors(config.jwt.secret), processor);
  const inbound = new MailInbound(
    processor,
    held,
    () => orm.em.fork(),
    now,
    log,
    config.mail.pollSeconds * 1000,
    counts.received,
  );
  const { lmtp, maxBytes, imapUrls, imapPollSeconds } = config.mail.inbound;
  const receive = (mail: IncomingMail) => inbound.receive(mail);
  if (lmtp) inbound.mailboxes.push(new LmtpMailbox({ ...lmtp, maxBytes }, receive, log));
  for (const url of imapUrls) {
    const options = { pollMs: imapPollSeconds * 1000, maxBytes };
    inbound.mailboxes.push(new ImapMailbox(imapAccountOf(url), options, receive, log));
  }
  return inbound;
}
