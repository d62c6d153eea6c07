import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkEmailAddress, emailAddressProblem, emailIdentity, mixesScripts } from './email-address';
import { validateCheckoutEmail } from './checkout-fields';
import { validateFieldValue } from './field-validation';
import { EMAIL_MESSAGES, FIELD_MESSAGES } from './validation-messages';

const INVISIBLE = EMAIL_MESSAGES.invisibleCharacters;
const MIXED = EMAIL_MESSAGES.mixedScripts;

describe('the one e-mail rule', () => {
  it("refuses the issue's look-alikes of alice@example.com, or folds them into it", () => {
    expect(checkEmailAddress('alice@example.com')).toEqual({ ok: true, address: 'alice@example.com', identity: 'alice@example.com' });
    // Cyrillic а (U+0430) in a Latin local part.
    expect(emailAddressProblem('\u0430lice@example.com')).toBe(MIXED);
    // Full-width ａ is a compatibility form of a: the same address.
    expect(checkEmailAddress('\uff41lice@example.com')).toMatchObject({ ok: true, address: 'alice@example.com' });
    expect(checkEmailAddress('ａｌｉｃｅ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toMatchObject({ ok: true, address: 'alice@example.com' });
    // A homograph domain, typed or as punycode (decoded when a decoder is given, as the server does).
    expect(emailAddressProblem('alice@ex\u0430mple.com')).toBe(MIXED);
    expect(checkEmailAddress('alice@xn--exmple-4nf.com', domainToUnicode)).toEqual({ ok: false, problem: MIXED });
    // Zero-width space.
    expect(emailAddressProblem('alice\u200b@example.com')).toBe(INVISIBLE);
  });

  it('refuses every invisible or formatting character, wherever it is', () => {
    const hidden = ['\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\u202e', '\u2066', '\u200e', '\u200f', '\u061c', '\ufeff', '\u0007', '\u034f', '\ufe0f', '\u3164', '\u115f', '\u2800', '\u{e0041}', '\u{e0100}'];
    for (const ch of hidden) {
      for (const text of [`ali${ch}ce@example.com`, `alice@exa${ch}mple.com`, `alice@example.c${ch}om`]) expect(emailAddressProblem(text), JSON.stringify(text)).toBe(INVISIBLE);
    }
  });

  it('takes addresses in one script, and the mixes a language writes with', () => {
    for (const ok of ['иван@пример.рф', 'ivan@пример.рф', 'иван@example.com', 'σοφία@παράδειγμα.ελ', '山田たろう@例え.jp', 'user+tag_1@sub.example.co.uk', 'o\u0301scar@example.com'])
      expect(emailAddressProblem(ok), ok).toBeNull();
    expect(mixesScripts('山田タロウabc')).toBe(false);
    expect(mixesScripts('한국漢字')).toBe(false);
    // Latin with Cyrillic, Greek, or Armenian look-alikes: refused, in a local part or one label.
    for (const bad of ['p\u0430ypal@example.com', 'alice@p\u0430ypal.com', 'g\u03bfogle@example.com', 'alice@g\u03bfogle.com', 'alice@sub.\u0440aypal.com', 'x\u0578x@example.com'])
      expect(emailAddressProblem(bad), bad).toBe(MIXED);
  });

  it('checks the shape and length after normalising', () => {
    for (const bad of ['alice', 'alice@', '@example.com', 'alice@example', 'al ice@example.com', 'a@b.co\r\nBcc: all@example.com', 'ali\tce@example.com', 'a@b@example.com', `${'a'.repeat(250)}@example.com`])
      expect(emailAddressProblem(bad), bad).toBe(FIELD_MESSAGES.email);
    // Spaces and line ends around a pasted address are not part of it.
    expect(checkEmailAddress('  Alice@Example.COM\n')).toEqual({ ok: true, address: 'Alice@example.com', identity: 'alice@example.com' });
    // Punycode that is not valid punycode is no domain.
    expect(checkEmailAddress('alice@xn--zzzz.com', domainToUnicode)).toEqual({ ok: false, problem: FIELD_MESSAGES.email });
  });

  it('gives one identity to an address in any case, width, or IDN spelling', () => {
    const forms = ['Alice@Example.com', 'ALICE@EXAMPLE.COM', 'ａｌｉｃｅ@example.com', ' alice@example.com '];
    expect(new Set(forms.map((f) => emailIdentity(f)))).toEqual(new Set(['alice@example.com']));
    expect(checkEmailAddress('Ivan@xn--e1afmkfd.xn--p1ai', domainToUnicode)).toMatchObject({ ok: true, identity: 'ivan@пример.рф' });
    expect(checkEmailAddress('Ivan@ПРИМЕР.РФ', domainToUnicode)).toMatchObject({ ok: true, address: 'Ivan@пример.рф', identity: 'ivan@пример.рф' });
    // A refused address matches no accepted one.
    expect(emailIdentity('alice\u200b@example.com')).not.toBe(emailIdentity('alice@example.com'));
  });

  it('is the rule of a form e-mail field and of a checkout address, with the same messages', () => {
    const field = { type: 'email', name: 'email', label: 'Email' } as const;
    expect(validateFieldValue(field, '\u0430lice@example.com')).toBe(MIXED);
    expect(validateFieldValue(field, 'alice\u200b@example.com')).toBe(INVISIBLE);
    expect(validateFieldValue(field, 'alice@example')).toBe(FIELD_MESSAGES.email);
    expect(validateFieldValue(field, 'ａlice@example.com')).toBeNull();
    expect(validateCheckoutEmail('\u0430lice@example.com')).toBe(MIXED);
    expect(validateCheckoutEmail('alice\u202e@example.com')).toBe(INVISIBLE);
    expect(validateCheckoutEmail('')).toBe(FIELD_MESSAGES.required);
  });
});
