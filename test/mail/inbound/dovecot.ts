import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export const DOVECOT = '/usr/sbin/dovecot';
/** Why the IMAP tests are skipped here, or undefined when they run (CI installs dovecot-imapd). */
export const dovecotMissing = existsSync(DOVECOT)
  ? undefined
  : `${DOVECOT} is absent: apt-get install -y --no-install-recommends dovecot-imapd`;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** What Dovecot needs to run as an ordinary user: its internal users and socket groups all that user's, no chroot. */
const UNPRIVILEGED = (me: string) => `default_internal_user = ${me}
default_login_user = ${me}
default_internal_group = ${execFileSync('id', ['-gn']).toString().trim()}
service stats {
  unix_listener stats-writer {
    group =
  }
}
service imap-hibernate {
  unix_listener imap-hibernate {
    group =
  }
}
service dict {
  unix_listener dict {
    group =
  }
}
service dict-async {
  unix_listener dict-async {
    group =
  }
}
service anvil {
  chroot =
}
`;

/** A second loopback address on which the same Dovecot offers no IDLE, as some servers do not. */
const NO_IDLE_HOST = '127.0.0.2';
const NO_IDLE_CAPABILITIES =
  'IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE UNSELECT CHILDREN NAMESPACE UIDPLUS LIST-EXTENDED ESEARCH MOVE LITERAL+';

/**
 * Debian's Dovecot, started from a configuration of its own in a temporary folder, on an ephemeral port: any user
 * logs in with the password `secret`, each with a Maildir of its own. It can be stopped and started again (a
 * server that goes away), keeping its mail. On NO_IDLE_HOST (`noIdleUrl`) it does not offer IDLE
 * (`imap_capability`), so a client must poll.
 */
export async function startDovecot() {
  const dir = mkdtempSync(path.join(tmpdir(), 'trellis-dovecot-'));
  chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'home']) mkdirSync(path.join(dir, sub));
  const root = process.getuid?.() === 0;
  // As root, mail belongs to nobody (Dovecot refuses uid 0 for mail); otherwise to whoever runs the tests.
  if (root) chmodSync(path.join(dir, 'home'), 0o777);
  const me = userInfo().username;
  const port = await freePort();
  const config = path.join(dir, 'dovecot.conf');
  writeFileSync(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = trellis-test-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1 ${NO_IDLE_HOST}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
passdb {
  driver = static
  args = password=secret
}
userdb {
  driver = static
  args = uid=${root ? 'nobody' : me} gid=${root ? 'nogroup' : userInfo().gid} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
first_valid_uid = 1
${root ? '' : UNPRIVILEGED(me)}service imap-login {
  ${root ? '' : 'chroot =\n  '}inet_listener imap {
    address = 127.0.0.1 ${NO_IDLE_HOST}
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
local ${NO_IDLE_HOST} {
  protocol imap {
    imap_capability = ${NO_IDLE_CAPABILITIES}
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
service submission-login {
  inet_listener submission {
    port = 0
  }
}
`,
  );
  let child: ChildProcess | undefined;
  const start = async () => {
    // A group of its own, so that stop() takes the master and its IMAP processes down together.
    child = spawn(DOVECOT, ['-F', '-c', config], { stdio: 'ignore', detached: true });
    for (const until = Date.now() + 10_000; ;) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = createServer().listen(port, '127.0.0.1');
        socket.once('listening', () => socket.close(() => resolve(false)));
        socket.once('error', () => resolve(true));
      });
      if (up) return;
      if (Date.now() > until) throw new Error(`dovecot did not listen on ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      // The server going away at once (a crash, a host lost): a graceful stop keeps IDLE clients for 10 seconds.
      process.kill(-running.pid!, 'SIGKILL');
    });
  };
  await start();
  return {
    port,
    url: (user: string, folder = 'INBOX') => `imap://${user}:secret@127.0.0.1:${port}/${folder}`,
    noIdleHost: NO_IDLE_HOST,
    noIdleUrl: (user: string, folder = 'INBOX') => `imap://${user}:secret@${NO_IDLE_HOST}:${port}/${folder}`,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
