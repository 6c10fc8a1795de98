import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * A real clamd (Debian's clamav-daemon), started from a configuration of its own with a one-line signature database
 * for the EICAR test file, since signature downloads are not reachable from test machines.
 */

export const CLAMD = '/usr/sbin/clamd';
/** Why the tests that need clamd are skipped here, or undefined when they run (CI installs clamav-daemon). */
export const clamdMissing = existsSync(CLAMD)
  ? undefined
  : `${CLAMD} is absent: apt-get install -y --no-install-recommends clamav-daemon`;
/** The EICAR anti-virus test file: harmless, and detected by every scanner by design. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** The name clamd gives EICAR with the signature database started here. */
export const EICAR_SIGNATURE = 'Trellis-Test-EICAR';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once clamd answers PING on `port`. */
async function untilReady(port: number, child: ChildProcess, deadline = Date.now() + 60_000): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`clamd exited with ${child.exitCode}`);
    const pong = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => socket.end('zPING\0'));
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      socket.on('end', () => resolve(answer));
      socket.on('error', () => resolve(''));
    });
    if (pong.startsWith('PONG')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('clamd did not start in time');
}

/** Starts clamd on a free loopback port; `env` is the app's configuration to scan with it. */
export async function startClamd() {
  const dir = mkdtempSync(path.join(tmpdir(), 'trellis-clamd-'));
  writeFileSync(path.join(dir, 'eicar.hdb'), `44d88612fea8a8f36de82e1278abb02f:68:${EICAR_SIGNATURE}\n`);
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'clamd.conf'),
    [
      `DatabaseDirectory ${dir}`,
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      'Foreground yes',
      `LogFile ${path.join(dir, 'clamd.log')}`,
      'StreamMaxLength 20M',
    ].join('\n') + '\n',
  );
  const child = spawn(CLAMD, ['--config-file', path.join(dir, 'clamd.conf')], { stdio: 'ignore' });
  try {
    await untilReady(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    env: { CLAMAV_HOST: '127.0.0.1', CLAMAV_PORT: String(port) },
    async close() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Clamd = Awaited<ReturnType<typeof startClamd>>;
