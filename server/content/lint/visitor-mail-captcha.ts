/**
 * A form that e-mails the address a visitor types must ask for the captcha: without it, anyone's
 * script can make the store send mail from its own domain to any address. A form mails the typed
 * address when it sends a confirmation (emailNotifications.sendSuccessEmail) and when it subscribes
 * it to the newsletter (actions.subscribeNewsletter, or a newsletter field: the double opt-in
 * e-mail). Estimator templates send their confirmation the same way. Account forms are sent to the
 * account endpoints, whose own limits guard them.
 */
import type { DefinitionProblem } from '../definition-problem';
import { isRecord, walkJson } from './json-pointer';
import { walkedValidFiles, type LintInput } from './lint-input';

const CAPTCHA = '"googleReCaptcha": true';

/** The server mails the first e-mail field's value: a form without one mails no visitor. */
function hasEmailField(data: Record<string, unknown>): boolean {
  let found = false;
  walkJson(data, (value) => {
    if (isRecord(value) && value.type === 'email' && typeof value.name === 'string') found = true;
  });
  return found;
}

/** Where in the definition it mails the typed address, and how; empty when it does not. */
function visitorMail(data: Record<string, unknown>): { pointer: string; what: string }[] {
  const found: { pointer: string; what: string }[] = [];
  if (!hasEmailField(data)) return found;
  const notifications = data.emailNotifications;
  if (isRecord(notifications) && notifications.sendSuccessEmail === true) {
    found.push({ pointer: '/emailNotifications/sendSuccessEmail', what: 'sends a confirmation e-mail to the address the visitor types' });
  }
  const actions = data.actions;
  if (isRecord(actions) && actions.subscribeNewsletter === true) {
    found.push({ pointer: '/actions/subscribeNewsletter', what: 'e-mails the newsletter confirmation link to the address the visitor types' });
  }
  walkJson(data, (value, pointer) => {
    if (isRecord(value) && value.type === 'newsletter' && typeof value.name === 'string') {
      found.push({ pointer: `${pointer}/type`, what: 'has a newsletter field, which e-mails the newsletter confirmation link to the address the visitor types' });
    }
  });
  return found;
}

export function checkVisitorMailCaptcha(input: LintInput): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const [file, data] of walkedValidFiles(input)) {
    const schema = input.schemaOf.get(file);
    if (schema !== 'form' && schema !== 'estimator-template') continue;
    if (!isRecord(data) || data.account !== undefined || data.googleReCaptcha === true) continue;
    for (const { pointer, what } of visitorMail(data)) {
      problems.push({ file, pointer, message: `${what}, so it needs ${CAPTCHA} (without it, anyone can make the store mail any address)` });
    }
  }
  return problems;
}
