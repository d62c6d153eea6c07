/**
 * The server's side of the one e-mail rule (schemas/evaluators/email-address.ts): it sets node:url's
 * punycode decoder, so an `xn--` domain is checked as the Unicode it stands for (schemas/ imports no
 * Node built-ins), and reads an e-mail from a request with the rule's messages. Every server module
 * that reads an e-mail imports this one, directly or through ./request-input, so the decoder is set
 * before the first request.
 */
import { domainToUnicode } from 'node:url';
import { checkEmailAddress, emailAddressProblem, emailIdentity, setDomainDecoder } from '../../schemas/evaluators/email-address';
import { FIELD_MESSAGES } from '../../schemas/evaluators/validation-messages';

setDomainDecoder(domainToUnicode);

export { emailAddressProblem, emailIdentity };

/** The normalised address, or the field's message (an empty value is 'This field is required'). */
export function readEmailAddress(value: unknown): { address: string } | { problem: string } {
  const raw = typeof value === 'string' ? value : '';
  if (raw.trim() === '') return { problem: FIELD_MESSAGES.required };
  const check = checkEmailAddress(raw);
  return check.ok ? { address: check.address } : { problem: check.problem };
}

/** The normalised address when the rule takes it, else the text as it came (it then matches nobody). */
export function normalizedOrRaw(value: string): string {
  const check = checkEmailAddress(value);
  return check.ok ? check.address : value.trim();
}
