import argon2 from 'argon2';

/** OWASP Password Storage minimum for argon2id: 19 MiB, 2 iterations, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, OPTIONS);

/**
 * A real hash to verify against when the username is unknown, so an unknown name and a wrong password
 * take the same time and nothing reveals which accounts exist.
 */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= argon2.hash('decoy-password-never-valid', OPTIONS));

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    await argon2.verify(await decoyHash(), password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

/** True when the hash was made with weaker parameters than today's, so a successful login upgrades it. */
export const needsRehash = (hash: string): boolean => argon2.needsRehash(hash, OPTIONS);
