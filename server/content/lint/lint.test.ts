import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { closestName, didYouMean } from '../../../schemas/evaluators/closest-name';
import { backtracksExponentially, checkFieldPatterns } from './field-patterns';
import { checkFieldReferences } from './field-references';
import { checkFormReferences } from './form-references';
import { checkVisitorMailCaptcha } from './visitor-mail-captcha';
import { checkInternalLinks, pagePathOf } from './internal-links';
import type { LintInput } from './lint-input';
import { checkPopupReferences } from './popup-references';
import { checkRichText, droppedRichText } from './rich-text';
import { checkRoutePages } from './route-pages';
import { isCatchAll, routeAnswers } from './route-pattern';
import { checkSampleSkus } from './sample-skus';
import { checkSchemaReferences } from './schema-references';

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
      { file: 'pages/a.json', pointer: '/blocks/0/text', message: 'the link /nope goes to no page' },
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

describe('didYouMean', () => {
  it('is the one edit-distance helper of every suggestion: close spellings and case, nothing far off', () => {
    expect(didYouMean('newsleter', ['welcome', 'newsletter'])).toBe(' (did you mean "newsletter"?)');
    expect(didYouMean('Welcome', ['welcome'])).toBe(' (did you mean "welcome"?)');
    expect(didYouMean('txet', ['text', 'steps'])).toBe(' (did you mean "text"?)');
    expect(didYouMean('carousel-of-doom', ['text', 'banner'])).toBe('');
    expect(closestName('rich-txt', ['rich-text', 'text'])).toBe('rich-text');
  });
});

describe('checkPopupReferences', () => {
  const page = (popups: string[]) => ['page', { metadata: {}, blocks: [{ type: 'text', sections: [] }, { type: 'popup', popups }] }] as [string, unknown];

  it('names a popup that has no file, with the closest name', () => {
    const files = { 'popups/newsletter.json': ['popup', { name: 'newsletter' }], 'pages/home.json': page(['newsletter', 'newsleter', 'spring-sale']) } as const;
    expect(checkPopupReferences(input(files as never))).toEqual([
      { file: 'pages/home.json', pointer: '/blocks/1/popups/1', message: 'there is no popup named "newsleter" (did you mean "newsletter"?)' },
      { file: 'pages/home.json', pointer: '/blocks/1/popups/2', message: 'there is no popup named "spring-sale"' },
    ]);
  });

  it('says nothing of a popup whose file is there but broken (reported once, at the popup)', () => {
    const files = input({ 'pages/home.json': page(['newsletter', 'welcome']), 'popups/welcome.json': ['popup', { name: 1 }] });
    (files.valid as Set<string>).delete('popups/welcome.json');
    expect(checkPopupReferences({ ...files, unparsed: new Set(['popups/newsletter.json']) })).toEqual([]);
  });
});

describe('references to a file that is there but not JSON', () => {
  it('are not reported as missing (one problem per cause: the syntax error, at the file)', () => {
    const routes = { routes: [{ path: '/', page: 'home' }, { path: '/about-us', page: 'about-us' }] };
    const files = input({ 'routes.json': ['routes', routes], 'pages/home.json': ['page', { blocks: [] }] });
    expect(checkRoutePages(files)).toHaveLength(1);
    expect(checkRoutePages({ ...files, unparsed: new Set(['pages/about-us.json']) })).toEqual([]);
    // A file in no known place is not a page, whatever its name.
    expect(checkRoutePages({ ...files, unparsed: new Set(['page/about-us.json']) })).toHaveLength(1);
  });
});

describe('checkSampleSkus', () => {
  it('blames the later file in path order and names the first use, whatever order the files were read in', () => {
    const style = (name: string, skus: string[]) => ['product-style', { name, items: skus.map((sku) => ({ sku })) }] as [string, unknown];
    const files = input({ 'catalog/styles/soho-slab.json': style('soho-slab', ['SS-1', 'SS-2']), 'catalog/styles/aspen-slab.json': style('aspen-slab', ['AS-1', 'SS-2']) });
    expect(checkSampleSkus(files)).toEqual([
      { file: 'catalog/styles/soho-slab.json', pointer: '/items/1/sku', message: 'repeats the sample SKU "SS-2", already used at catalog/styles/aspen-slab.json#/items/1/sku; every SKU must be unique' },
    ]);
  });
});

describe('checkSchemaReferences', () => {
  // The demo store sits at home: its paths lead to schemas/json of this repository.
  const atHome = (files: Record<string, [string, unknown]>): LintInput => ({ ...input(files), dir: path.resolve('examples/site') });
  const page = (schema: string) => ['page', { $schema: schema, metadata: {}, blocks: [] }] as [string, unknown];

  it('accepts paths that lead to the published schema of the kind, and URLs naming it', () => {
    expect(
      checkSchemaReferences(
        atHome({
          'site.json': ['site-settings', { $schema: '../../schemas/json/site-settings.schema.json' }],
          'pages/home.json': page('../../../schemas/json/page.schema.json'),
          'pages/about-us.json': page('https://showroom.dev/schemas/page.schema.json'),
          'pages/contact.json': page(path.resolve('schemas/json/page.schema.json')),
          'catalog/styles/a.json': ['product-style', { $schema: '../../../../schemas/json/product-style.schema.json' }],
        }),
      ),
    ).toEqual([]);
  });

  it('refuses a path that leads nowhere, saying which one leads to the schema', () => {
    expect(
      checkSchemaReferences(
        atHome({
          'site.json': ['site-settings', { $schema: '../../schemas/json/site-settings.schema.json' }],
          'pages/home.json': page('../../schemas/json/page.schema.json'),
          'pages/about-us.json': page('../../../schema/json/page.schema.json'),
          'catalog/styles/a.json': ['product-style', { $schema: '../../../schemas/json/product-style.schema.json' }],
        }),
      ),
    ).toEqual([
      {
        file: 'catalog/styles/a.json',
        pointer: '/$schema',
        message: `does not lead to the published schema (there is no such file, counting from this file's folder): write "../../../../schemas/json/product-style.schema.json", or editors cannot complete and check this file`,
      },
      {
        file: 'pages/about-us.json',
        pointer: '/$schema',
        message: `does not lead to the published schema (there is no such file, counting from this file's folder): write "../../../schemas/json/page.schema.json", or editors cannot complete and check this file`,
      },
      {
        file: 'pages/home.json',
        pointer: '/$schema',
        message: `does not lead to the published schema (there is no such file, counting from this file's folder): write "../../../schemas/json/page.schema.json", or editors cannot complete and check this file`,
      },
    ]);
  });

  it('still names the schema of another kind, once', () => {
    expect(checkSchemaReferences(atHome({ 'pages/home.json': page('../../../schemas/json/form.schema.json') }))).toEqual([
      {
        file: 'pages/home.json',
        pointer: '/$schema',
        message: 'names the schema "form.schema.json", but this file is checked as a page definition: point "$schema" at schemas/json/page.schema.json',
      },
    ]);
  });

  it('away from the schemas (a copy of the folder), holds each path to what the other files agree on', () => {
    const away = (files: Record<string, [string, unknown]>): LintInput => ({ ...input(files), dir: '/nowhere/site' });
    const files = {
      'site.json': ['site-settings', { $schema: '../../schemas/json/site-settings.schema.json' }],
      'routes.json': ['routes', { $schema: '../../schemas/json/routes.schema.json' }],
      'pages/home.json': page('../../../schemas/json/page.schema.json'),
    } as Record<string, [string, unknown]>;
    expect(checkSchemaReferences(away(files))).toEqual([]);
    expect(checkSchemaReferences(away({ ...files, 'pages/about-us.json': page('../../schemas/json/page.schema.json') }))).toEqual([
      {
        file: 'pages/about-us.json',
        pointer: '/$schema',
        message: 'does not lead where the "$schema" of the other files leads: write "../../../schemas/json/page.schema.json" like them, or editors cannot complete and check this file',
      },
    ]);
  });
});

describe('checkFieldPatterns', () => {
  it('finds the patterns a browser can take exponential time on: nested repetition, and alternatives that overlap under a repetition', () => {
    for (const p of ['(a+)+', '(\\d*)*', '([a-z]+\\s?)+', '(?:x{2,})*', '([a-z]|[a-z0-9])+', '(a|a)*', '(\\w|\\d)+', '(?:[a-z]|[a-c])*x', '(a|ab|b)+']) expect(backtracksExponentially(p), p).toBe(true);
    for (const p of ['[A-Z]{2}-[0-9]{4}', '(ab)+', '\\d{3}-\\d{4}', '(a|b)*c+', '([+]+)', '(x+)?', '[(a+)]+', '(a|ab)+', '[a-z0-9]+', '[^@\\s]+@[^@\\s]+', '[0-9]{6,12}']) expect(backtracksExponentially(p), p).toBe(false);
  });

  it('refuses overlapping alternation under a repetition, and what the server\'s engine cannot run', () => {
    const form = {
      name: 'f',
      fields: [
        { name: 'handle', type: 'text', pattern: '([a-z]|[a-z0-9])+' },
        { name: 'code', type: 'text', pattern: '(?=\\d)\\w+' },
        { name: 'twice', type: 'text', pattern: '(a)\\1' },
        { name: 'zip', type: 'text', pattern: '\\d{5}(-\\d{4})?' },
      ],
    };
    const problems = checkFieldPatterns(input({ 'forms/f.json': ['form', form] }));
    expect(problems.map((p) => p.pointer)).toEqual(['/fields/0/pattern', '/fields/1/pattern', '/fields/2/pattern']);
    expect(problems[0]!.message).toContain('can match the same text in many ways');
    expect(problems[1]!.message).toContain("the server's pattern engine cannot run");
  });

  it('refuses a pattern whose browser time grows faster than the square of the value, naming the field by its label', () => {
    const form = {
      name: 'f',
      fields: [
        { name: 'digits', type: 'text', label: 'Account number', pattern: '\\d+\\d+\\d+\\d+\\d+\\d+\\d+\\d+\\d+\\d+\\d+\\d+!' },
        { name: 'cubic', type: 'text', pattern: 'a*a*a*b' },
        { name: 'square', type: 'text', pattern: '\\s*\\S*\\s*\\S*x' },
        { name: 'email', type: 'email', pattern: '[^@\\s]+@[^@\\s]+' },
      ],
    };
    const problems = checkFieldPatterns(input({ 'forms/f.json': ['form', form] }));
    expect(problems.map((p) => p.pointer)).toEqual(['/fields/0/pattern', '/fields/1/pattern']);
    expect(problems[0]!.message).toMatch(/^makes the field "Account number" slow to check as a visitor types: .* to the power 12 \(at most 2 is allowed\); join repeats/);
    expect(problems[1]!.message).toContain('makes the field "cubic" slow to check');
    expect(problems[1]!.message).toContain('to the power 3');
  });

  it('refuses a rule a field would ignore, and a patternMessage with no pattern', () => {
    const form = {
      name: 'f',
      fields: [
        { name: 'code', type: 'text', pattern: '[A-Z]{2}', patternMessage: 'Two capitals' },
        { name: 'agree', type: 'checkbox', pattern: 'on' },
        { name: 'note', type: 'textarea', patternMessage: 'Why?' },
        { name: 'mobile', type: 'tel', format: 'phone' },
        { name: 'size', type: 'number', format: 'phone' },
      ],
    };
    expect(checkFieldPatterns(input({ 'forms/f.json': ['form', form] }))).toEqual([
      { file: 'forms/f.json', pointer: '/fields/1/pattern', message: 'applies only to fields whose value is typed (text, email, tel, textarea, password); a checkbox field would ignore it' },
      { file: 'forms/f.json', pointer: '/fields/2/patternMessage', message: 'explains a pattern this field does not have: add "pattern", or remove "patternMessage"' },
      { file: 'forms/f.json', pointer: '/fields/4/format', message: '"phone" applies to text and tel fields; a number field would ignore it' },
    ]);
  });
});

describe('checkRichText', () => {
  it('says nothing of the kept subset, and names each dropped thing once', () => {
    expect(droppedRichText('<h2>A</h2><p><b>b</b> <i>i</i> <a href="/x">x</a> <a href="mailto:a@b.co">m</a></p><ol><li>1</li></ol>')).toEqual([]);
    expect(droppedRichText('<div class="a"><img src="/i.png"><p onclick="x()" onclick="y()">t</p><div>again</div></div>')).toEqual([
      '<div>',
      '<img>',
      'the onclick attribute of <p>',
    ]);
  });

  it('reports at the block\'s html, in pages only', () => {
    const page = { blocks: [{ type: 'rich-text', html: '<p>ok</p>' }, { type: 'rich-text', html: '<h1>Big</h1>' }] };
    expect(checkRichText(input({ 'pages/a.json': ['page', page] }))).toEqual([
      { file: 'pages/a.json', pointer: '/blocks/1/html', message: expect.stringMatching(/^has HTML the page would drop: <h1>\. Rich text keeps p, h2, h3, h4/) },
    ]);
  });
});
