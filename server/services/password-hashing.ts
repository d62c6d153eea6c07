/**
 * Password hashing: argon2id through @node-rs/argon2 (a prebuilt native binding that runs on
 * libuv's thread pool, so a hash never blocks the event loop). Parameters are OWASP's first
 * recommended argon2id set: 19 MiB of memory, 2 passes, 1 lane, a 16-byte random salt, a 32-byte
 * tag. They are written into every PHC string ($argon2id$v=19$m=19456,t=2,p=1$...), so raising them
 * later still verifies old hashes, and `needsRehash` tells when to upgrade one at the next sign-in.
 */
import { hash, verify, type Options } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

export const ARGON2_OPTIONS: Options = {
  algorithm: ARGON2ID as Options['algorithm'],
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

const PARAMS = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash that cannot be read (never throws). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(PARAMS);
}

let dummy: Promise<string> | undefined;

/**
 * Verifies the password against a hash of a random password made with the same parameters, and
 * answers false: a sign-in for an unknown e-mail costs the same time as one with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummy ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  await verifyPassword(await dummy, password);
  return false;
}
