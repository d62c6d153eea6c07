/**
 * Recovery codes ("lookup secrets", ASVS 6.5): ten per operator, made at the end of the set-up and
 * shown once. Each is 15 random bytes from the CSPRNG, 120 bits, written as 24 base32 characters in
 * groups of four (`ABCD-EFGH-…`). At 112 bits and more a plain sha256 is an allowed store (6.5.2),
 * so only that is kept, and a code is burnt by its first use (6.5.1).
 */
import crypto from 'node:crypto';
import { sha256Hex } from '../services/secrets';

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_BYTES = 15;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** One new code, as shown to the operator. */
export function newRecoveryCode(): string {
  return base32(crypto.randomBytes(RECOVERY_CODE_BYTES)).match(/.{4}/g)!.join('-');
}

/**
 * The code as compared: upper case, without the dashes and spaces people type or paste, and with
 * the digits that look like letters read as those letters (base32 has no 0, 1 or 8).
 */
export function normalizeRecoveryCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '').replace(/0/g, 'O').replace(/1/g, 'I').replace(/8/g, 'B');
}

/** What is stored, and what a typed code is looked up by. */
export function recoveryCodeHash(input: string): string {
  return sha256Hex(`studio-recovery:${normalizeRecoveryCode(input)}`);
}

/** Ten codes and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
