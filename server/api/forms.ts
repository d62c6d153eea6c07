/**
 * POST /api/forms/{formName}: one endpoint for every form the content folder defines. In order: an
 * unknown form is a 404; a per-address rate limit (429); the body is read within its limits
 * (services/form-request.ts); a filled honeypot gets a success that stores nothing; then the
 * submission is checked and stored (services/form-submissions.ts). Answers
 * `{success, message, data: {id}}` (multi-step: `data: {id, token, step, completed}`), or
 * `{error, message, fields}` with a 4xx. docs/forms-api.md describes the wire format; its contract
 * (params, the envelope, the answers) is schemas/api/forms.ts formSubmitEndpoint.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { FormDefinition } from '../../schemas/forms/form.schema';
import type { Content } from '../content/load-content';
import { formSubmitEndpoint } from '../../schemas/api/forms';
import { ApiError } from '../http/api-error';
import { checkRequest } from '../http/contract';
import type { DealerState } from '../http/dealer-origin';
import type { Logger } from '../logger';
import { readFormRequest } from '../services/form-request';
import { completedMessage, type FormSubmissions } from '../services/form-submissions';
import { sourcePageOf } from '../services/newsletter-consent';
import { UploadStaging } from '../services/form-uploads';
import type { RateLimiter } from '../services/rate-limiter';
import { checkedAnswers, estimatorForm, findEstimator, formWithServerEstimate } from '../services/estimate-submission';
import { saveStartingQuote } from '../back-office/starting-quote';
import type { QuoteBuilderDeps } from '../back-office/quote-builder';
import { estimatorRoutes } from './estimator';

/** The trap input's key in the envelope: a person never sees it, many bots fill every input. */
export const HONEYPOT_FIELD = 'honeypot';

/** Submissions from one address: ten a minute (a multi-step form is one request per step). */
export const FORM_POSTS_PER_MINUTE = 10;

export interface FormRouteDeps {
  content: Content;
  submissions: FormSubmissions;
  limiter: RateLimiter;
  uploadsDir: string;
  logger: Logger;
  /** Where an estimate's starting quote is saved (a draft of the catalog lines of its cabinet mix). */
  startingQuotes?: QuoteBuilderDeps;
}

/** The form of that name (its file name, which by convention is also its `name`). */
export function findForm(content: Content, name: string): FormDefinition | undefined {
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(name)) return undefined;
  return Object.prototype.hasOwnProperty.call(content.forms, name) ? content.forms[name] : Object.values(content.forms).find((f) => f.name === name);
}

function bearerToken(ctx: Context): string | undefined {
  const match = /^Bearer\s+(\S{1,200})$/i.exec(ctx.get('Authorization'));
  return match?.[1];
}

export function formRoutes(router: Router, deps: FormRouteDeps): void {
  estimatorRoutes(router, deps.content);
  router.post('/api/forms/:formName', async (ctx) => {
    // An estimator template is a form too; its estimate is priced again by the server (services/estimate-submission.ts).
    const plain = findForm(deps.content, ctx.params.formName ?? '');
    const estimator = plain ? undefined : findEstimator(deps.content, ctx.params.formName ?? '');
    const form = plain ?? (estimator && estimatorForm(estimator.template));
    // An account form's values (passwords) go to the account endpoints only, never into a stored submission.
    if (!form || plain?.account !== undefined) throw new ApiError(404, 'form_not_found', 'There is no form of that name.');
    if (!(await deps.limiter.consume(`forms:${ctx.ip.slice(0, 64)}`))) {
      ctx.set('Retry-After', '60');
      ctx.set('Connection', 'close');
      throw new ApiError(429, 'too_many_requests', 'Too many submissions. Please try again in a minute.');
    }
    const staging = new UploadStaging(deps.uploadsDir);
    try {
      const request = await readFormRequest(ctx, form, staging);
      // The envelope's contract (schemas/api/forms.ts); the form's own field rules are the engine's (services/form-submissions.ts).
      checkRequest(formSubmitEndpoint, ctx, request.envelope);
      const trap = request.envelope[HONEYPOT_FIELD];
      if (trap !== undefined && trap !== null && trap !== '' && trap !== false) {
        // A bot: it is told what a person would be told, and nothing is stored or sent.
        deps.logger.info({ form: form.name }, 'form honeypot filled; submission dropped');
        ctx.body = { success: true, message: completedMessage(form), data: {} };
        return;
      }
      // A dealer's page (X-Showroom-Dealer, already checked against that dealer's origins by http/dealer-origin.ts).
      const dealerId = (ctx.state as DealerState).dealerId;
      const dealer = dealerId === undefined ? undefined : deps.content.dealers.find((d) => d.id === dealerId);
      const priced = estimator && formWithServerEstimate(estimator, request.envelope.formData, dealer && { id: dealer.id, name: dealer.name });
      const answer = await deps.submissions.submit(priced ? priced.form : form, request, { remoteIp: ctx.ip, bearer: bearerToken(ctx), dealerId, sourcePage: sourcePageOf(ctx.get('Referer')) });
      if (estimator && deps.startingQuotes && answer.status === 201) {
        // The lead is stored whatever becomes of its quote: a designer can still quote it by hand.
        await saveStartingQuote(deps.startingQuotes, estimator.template, estimator.cabinets, checkedAnswers(estimator, request.envelope.formData), answer.body.data.id, priced?.price).catch((err: unknown) =>
          deps.logger.error({ err, lead: answer.body.data.id }, 'the starting quote of an estimate could not be saved'),
        );
      }
      ctx.status = answer.status;
      // An estimate's answer carries the range the server stored, for the estimator's showroom:estimate-submitted.
      ctx.body = priced ? { ...answer.body, data: { ...answer.body.data, estimate: { min: priced.price.finalMin, max: priced.price.finalMax } } } : answer.body;
    } finally {
      await staging.discard();
    }
  });
}
