import { describe, expect, it } from 'vitest';
import { checkFieldReferences } from './field-references';
import { checkFormReferences } from './form-references';
import { checkVisitorMailCaptcha } from './visitor-mail-captcha';
import { checkInternalLinks, pagePathOf } from './internal-links';
import type { LintInput } from './lint-input';
import { isCatchAll, routeAnswers } from './route-pattern';

function input(files: Record<string, [schema: string, data: unknown]>): LintInput {
  const entries = Object.entries(files);
  return {
    dir: '/nowhere',
    files: new Map(entries.map(([f, [, d]]) => [f, d])),
    valid: new Set(entries.map(([f]) => f)),
    schemaOf: new Map(entries.map(([f, [s]]) => [f, s as never])),
  };
}

describe('route patterns', () => {
  it('match literal segments, parameters and the rest of the path', () => {
    expect(routeAnswers('/', '/')).toBe(true);
    expect(routeAnswers('/blogs/authors/:authorId', '/blogs/authors/jane')).toBe(true);
    expect(routeAnswers('/blogs/authors/:authorId', '/blogs/authors')).toBe(false);
    expect(routeAnswers('/blogs/authors/:authorId', '/blogs/authors/jane/x')).toBe(false);
    expect(routeAnswers('/docs/*', '/docs/a/b')).toBe(true);
    expect(routeAnswers('/about-us', '/about-us/')).toBe(true);
    expect(isCatchAll({ path: '/*' })).toBe(true);
    expect(isCatchAll({ path: '/gone', status: 404 })).toBe(true);
  });

  it('leave out what is not a page', () => {
    expect(pagePathOf('/contact?topic=design#form')).toBe('/contact');
    expect(pagePathOf('/images/banner.svg')).toBeUndefined();
    expect(pagePathOf('/api/forms/contact')).toBeUndefined();
    expect(pagePathOf('/widgets/showroom.js')).toBeUndefined();
    expect(pagePathOf('/favicon.ico')).toBeUndefined();
    expect(pagePathOf('https://example.com/x')).toBeUndefined();
    expect(pagePathOf('//cdn.example.com/x')).toBeUndefined();
    expect(pagePathOf('contact')).toBeUndefined();
  });
});

describe('checkInternalLinks', () => {
  const routes: [string, unknown] = ['routes', { routes: [{ path: '/', page: 'home' }, { path: '/blogs/:slug', page: 'blog' }, { path: '/*', page: 'not-found', status: 404 }] }];

  it('accepts links to routes, with parameters, and ignores the catch-all', () => {
    const page = { blocks: [{ href: '/blogs/hello', text: 'See <a href="/">home</a> or <a href="/nope">this</a>', url: 'https://x.test/nope' }] };
    expect(checkInternalLinks(input({ 'routes.json': routes, 'pages/a.json': ['page', page] }))).toEqual([
      { file: 'pages/a.json', pointer: '/blocks/0/text', message: 'links to "/nope", but no route in routes.json answers that path' },
    ]);
  });

  it('says nothing without a valid route list', () => {
    expect(checkInternalLinks(input({ 'pages/a.json': ['page', { path: '/nope' }] }))).toEqual([]);
  });
});

describe('checkFieldReferences', () => {
  it('lets the steps of a multi-step form refer to one another', () => {
    const form = {
      name: 'dealer',
      steps: [
        { fields: [{ name: 'hasShowroom', type: 'checkbox' }] },
        { fields: [{ name: 'showroomSize', type: 'number', hideWhen: { field: 'hasShowroom', equals: false } }] },
      ],
    };
    expect(checkFieldReferences(input({ 'forms/dealer.json': ['form', form] }))).toEqual([]);
    const broken = structuredClone(form);
    broken.steps[1]!.fields[0] = { name: 'showroomSize', type: 'number', hideWhen: { field: 'hasShowrom', equals: false } };
    expect(checkFieldReferences(input({ 'forms/dealer.json': ['form', broken] }))).toEqual([
      { file: 'forms/dealer.json', pointer: '/steps/1/fields/0/hideWhen/field', message: 'names the field "hasShowrom", but this form has no field of that name' },
    ]);
  });

  it('checks each form inside a page on its own, and dynamic options', () => {
    const page = {
      blocks: [
        { type: 'form-a', fields: [{ name: 'a', type: 'text' }] },
        { type: 'form-b', fields: [{ name: 'b', type: 'select', hideWhen: { field: 'a', equals: 'x' }, dynamicOptions: { field: 'c', options: {} } }] },
      ],
    };
    expect(checkFieldReferences(input({ 'pages/p.json': ['page', page] }))).toEqual([
      { file: 'pages/p.json', pointer: '/blocks/1/fields/0/hideWhen/field', message: 'names the field "a", but this block has no field of that name' },
      { file: 'pages/p.json', pointer: '/blocks/1/fields/0/dynamicOptions/field', message: 'names the field "c", but this block has no field of that name' },
    ]);
  });

  it('reports a loop once, from the field that comes first', () => {
    const form = {
      fields: [
        { name: 'a', type: 'select', dependsOn: ['b'] },
        { name: 'b', type: 'select', dependsOn: ['c'] },
        { name: 'c', type: 'select', dependsOn: ['a'] },
        { name: 'd', type: 'select', dependsOn: ['a'] },
      ],
    };
    expect(checkFieldReferences(input({ 'estimator/e.json': ['estimator-template', form] }))).toEqual([
      {
        file: 'estimator/e.json',
        pointer: '/fields/0/dependsOn',
        message: 'makes a loop of dependencies: "a" → "b" → "c" → "a"; a field cannot depend on itself, directly or through other fields',
      },
    ]);
  });
});

describe('checkFormReferences', () => {
  it('allows password fields in account forms only (any other form is stored and e-mailed)', () => {
    const field = { name: 'password', type: 'password', label: 'Password' };
    expect(checkFormReferences(input({ 'forms/sign-in.json': ['form', { name: 'sign-in', account: 'sign-in', fields: [field] }] }))).toEqual([]);
    expect(checkFormReferences(input({ 'forms/contact.json': ['form', { name: 'contact', fields: [{ name: 'a', type: 'text' }, field] }] }))).toEqual([
      { file: 'forms/contact.json', pointer: '/fields/1/type', message: 'a password field belongs only in an account form (give the form "account")' },
    ]);
    expect(checkFormReferences(input({ 'estimator/e.json': ['estimator-template', { name: 'e', fields: [field] }] }))).toHaveLength(1);
  });
});

describe('checkVisitorMailCaptcha', () => {
  const email = { name: 'email', type: 'email', label: 'E-mail' };
  const NEEDS = 'so it needs "googleReCaptcha": true (without it, anyone can make the store mail any address)';

  it('refuses a form or estimator that e-mails the typed address without the captcha, naming the file and the pointer', () => {
    const files = {
      'forms/contact.json': ['form', { name: 'contact', fields: [email], emailNotifications: { sendSuccessEmail: true } }],
      'forms/news.json': ['form', { name: 'news', fields: [email, { name: 'optin', type: 'newsletter', label: 'Yes' }], actions: { subscribeNewsletter: true } }],
      'estimator/kitchen.json': ['estimator-template', { name: 'kitchen', fields: [{ name: 's', type: 'group', fields: [email] }], emailNotifications: { sendSuccessEmail: true } }],
    } as const;
    expect(checkVisitorMailCaptcha(input(files as never))).toEqual([
      { file: 'estimator/kitchen.json', pointer: '/emailNotifications/sendSuccessEmail', message: `sends a confirmation e-mail to the address the visitor types, ${NEEDS}` },
      { file: 'forms/contact.json', pointer: '/emailNotifications/sendSuccessEmail', message: `sends a confirmation e-mail to the address the visitor types, ${NEEDS}` },
      { file: 'forms/news.json', pointer: '/actions/subscribeNewsletter', message: `e-mails the newsletter confirmation link to the address the visitor types, ${NEEDS}` },
      { file: 'forms/news.json', pointer: '/fields/1/type', message: `has a newsletter field, which e-mails the newsletter confirmation link to the address the visitor types, ${NEEDS}` },
    ]);
  });

  it('accepts them with the captcha, a form that mails only the store, one without an e-mail field, and account forms', () => {
    const files = {
      'forms/contact.json': ['form', { name: 'contact', fields: [email], googleReCaptcha: true, emailNotifications: { sendSuccessEmail: true } }],
      'forms/lead.json': ['form', { name: 'lead', fields: [email], emailNotifications: { sendSuccessEmail: false } }],
      'forms/register.json': ['form', { name: 'register', account: 'register', fields: [email] }],
      'forms/no-address.json': ['form', { name: 'no-address', fields: [{ name: 'optin', type: 'newsletter', label: 'Yes' }], emailNotifications: { sendSuccessEmail: true } }],
      'estimator/kitchen.json': ['estimator-template', { name: 'kitchen', googleReCaptcha: true, fields: [{ name: 's', type: 'group', fields: [email] }], emailNotifications: { sendSuccessEmail: true } }],
    } as const;
    expect(checkVisitorMailCaptcha(input(files as never))).toEqual([]);
  });
});
