/**
 * Two servers on one PostgreSQL database, each with a folder of its own and none shared: a photo
 * sent with a claim through one is downloaded from the studio of the other, byte for byte, and
 * attached to the notification whichever server sends it. No folder holds it: the database does.
 *
 * @engines postgres: several servers on one database need a database server (SQLite keeps its uploads folder).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, proxiedTestEnv, randomPng } from '../api/forms-test-kit';
import { sendClaim, studioCall } from '../back-office/lead-test-kit';
import { createLogger } from '../logger';
import { mailConfigFromEnv } from '../mail/mail-config';
import { deliverDueMail, type MailMessage } from '../mail/mail-worker';
import { signInOperator } from '../studio/studio-test-kit';
import { createMigratedTestDatabaseUrl } from '../testing/test-database';
import { startTestServer, type TestServer } from '../testing/test-server';
import { UPLOAD_PART_BYTES } from './upload-store';

let taking: TestServer;
let serving: TestServer;

beforeAll(async () => {
  const DATABASE_URL = await createMigratedTestDatabaseUrl();
  [taking, serving] = await Promise.all([startTestServer({ ...proxiedTestEnv, DATABASE_URL }), startTestServer({ ...proxiedTestEnv, DATABASE_URL })]);
});
afterAll(async () => {
  await Promise.all([taking?.stop(), serving?.stop()]);
});

describe('uploads on PostgreSQL', () => {
  it('a photo sent through one server is downloaded through the other, whole, and mailed by either; no folder holds it', async () => {
    // Several parts long, random, so a part lost, doubled or out of order shows.
    const photo = randomPng(2 * UPLOAD_PART_BYTES + 12_345);
    const claim = await sendClaim(taking, photo, 'crushed corner.png');

    const { headers } = await signInOperator(serving, 'viewer');
    const download = await studioCall(serving, headers, 'GET', `/api/studio/leads/${claim.id}/files/${claim.fileId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(download.headers.get('content-length')).toBe(String(photo.length));
    expect(download.headers.get('content-disposition')).toContain('crushed corner.png');
    expect(download.bytes.equals(photo)).toBe(true);

    expect(filesUnder(taking.uploads).filter((f) => !f.startsWith('.incoming'))).toEqual([]);
    expect(filesUnder(serving.uploads)).toEqual([]);

    const sent: MailMessage[] = [];
    await deliverDueMail(serving.q, { send: async (m) => void sent.push(m) }, mailConfigFromEnv({}), createLogger('silent'));
    const notification = sent.find((m) => m.attachments.length);
    expect(notification?.attachments).toHaveLength(1);
    expect(notification!.attachments[0]).toMatchObject({ filename: 'crushed corner.png', contentType: 'image/png' });
    expect(notification!.attachments[0]!.content!.equals(photo)).toBe(true);
  });
});
