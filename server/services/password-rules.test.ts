import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hashing';
import { commonPasswords, isRepeatedOrCommon, PASSWORD_MESSAGES, passwordProblem } from './password-rules';

describe('password rules', () => {
  it('loads the common-password list without its comment lines', () => {
    const list = commonPasswords();
    // The whole ranked list: short ones too, which the studio finds inside longer passwords.
    expect(list.size).toBe(49232);
    expect(list.has('1234567890')).toBe(true);
    expect(list.has('password')).toBe(true);
    expect([...list].every((p) => p.length > 0 && p === p.toLowerCase() && !p.startsWith('#'))).toBe(true);
  });

  it('finds a common password with digits and symbols around it, or repeated, and lets unrelated words pass', () => {
    for (const weak of ['password2024!', 'Password2024!', 'P@ssw0rd2024!!', 'Summer2024!!', '2024!Summer!!', 'Michael1987!', 'iloveyou2024!', 'Welcome2024!', 'monkey123456!', 'dragondragon99', 'qwertyuiop12!']) {
      expect(isRepeatedOrCommon(weak), weak).toBe(true);
    }
    for (const good of ['Maple-Shaker-Doors-2030', 'Walnut-Shaker-Cabinets', 'Kitchen-Cabinet-42', 'correct horse battery', 'blue-river-candle']) {
      expect(isRepeatedOrCommon(good), good).toBe(false);
    }
  });

  it('refuses short, long, common (any case) and e-mail passwords; counts characters, not UTF-16 units', () => {
    expect(passwordProblem(undefined)).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem(12345678901)).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem('abcdefghi')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('😀'.repeat(9))).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('😀'.repeat(10))).toBeNull();
    expect(passwordProblem('x'.repeat(201))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem('QWERTYUIOP')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('Casey@Example.com', 'casey@example.com')).toBe(PASSWORD_MESSAGES.sameAsEmail);
    expect(passwordProblem('Walnut-Shaker-Cabinets')).toBeNull();
  });
});

describe('password hashing', () => {
  it('hashes with argon2id and the stated parameters, verifies, and never throws on a bad hash', async () => {
    const hash = await hashPassword('Walnut-Shaker-Cabinets');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$abc$def')).toBe(true);
    expect(await verifyPassword(hash, 'Walnut-Shaker-Cabinets')).toBe(true);
    expect(await verifyPassword(hash, 'walnut-shaker-cabinets')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(await verifyAgainstDummy('anything at all')).toBe(false);
  });
});
