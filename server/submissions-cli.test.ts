/**
 * @engines sqlite: the command's words and output.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, freshAddress, postJson, postMultipart, proxiedTestEnv } from './api/forms-test-kit';
import { runSubmissionsCli } from './testing/run-submissions-cli';
import { startTestServer, type TestServer } from './testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(proxiedTestEnv);
  await postJson(server.url, 'newsletter', { formData: { email: 'first@example.com', newsletter: true }, recaptchaToken: 'test-pass' }, freshAddress());
  await postJson(
    server.url,
    'contact',
    {
      formData: { firstName: 'Ann', lastName: 'Lee, "Jr."', email: 'ann@example.com', topic: 'existing-order', orderNumber: '100200', message: 'Line one\nline two, with a comma', contactBy: 'email', phone: '=HYPERLINK("x")' },
      recaptchaToken: 'test-pass',
    },
    freshAddress(),
  );
  await postMultipart(
    server.url,
    'claim',
    {
      formData: { orderNumber: '100234', email: 'sam@example.com', fullName: 'Sam Carter', phone: '5125550199', claimType: 'damaged', affectedItems: ['wall-cabinet', 'hardware'], description: 'The wall cabinet corner is crushed badly.', agree: true },
      recaptchaToken: 'test-pass',
    },
    [{ field: 'photos', name: 'corner.jpg', bytes: bytesOf('jpg', 5000) }],
    freshAddress(),
  );
});
afterAll(async () => {
  await server?.stop();
});

const cli = (...args: string[]) => runSubmissionsCli(server.databaseUrl, ...args);

describe('npm run submissions', () => {
  it('lists the submissions of every form, or of one', () => {
    const all = cli('list');
    expect(all.status).toBe(0);
    const lines = all.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+FORM\s+STATUS\s+STEPS\s+CREATED\s+UPDATED\s+E-MAIL\s+UPLOADS$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(1, 3))).toEqual([
      ['newsletter', 'submitted'],
      ['contact', 'submitted'],
      ['claim', 'submitted'],
    ]);
    expect(lines[3]).toMatch(/sam@example\.com\s+1$/);
    const one = cli('list', 'contact');
    expect(one.stdout.trim().split('\n')).toHaveLength(2);
    expect(cli('list', 'become-dealer').stdout).toBe('No submissions of the form "become-dealer" yet.\n');
  });

  it('exports one form as CSV with a column per field and proper quoting', () => {
    const contact = cli('export', 'contact', '--csv');
    expect(contact.status).toBe(0);
    const [header] = contact.stdout.split('\r\n');
    expect(header).toBe('id,status,created_at,updated_at,firstName,lastName,email,phone,topic,orderNumber,message,contactBy,newsletter,source');
    expect(contact.stdout).toContain(',Ann,"Lee, ""Jr.""",ann@example.com,"\'=HYPERLINK(""x"")",existing-order,100200,"Line one\nline two, with a comma",email,,contact-page\r\n');
    const claim = cli('export', 'claim', '--csv');
    expect(claim.stdout).toMatch(/,wall-cabinet; hardware,The wall cabinet corner is crushed badly\.,corner\.jpg \(claim\/[0-9a-f-]{36}\.jpg\),true\r\n$/);
  });

  it('explains its usage', () => {
    const bad = cli('export');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Usage: npm run submissions -- list [FORM] | export FORM --csv');
  });
});
