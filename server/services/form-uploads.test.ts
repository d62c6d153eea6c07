import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanFileName, sweepStaleStaging, UploadStaging, uploadTypeProblem } from './form-uploads';

describe('form uploads', () => {
  it('cleans file names: no folders, no control characters, at most 120 characters', () => {
    expect(cleanFileName('../../etc/passwd.jpg')).toBe('passwd.jpg');
    expect(cleanFileName('C:\\Users\\me\\photo.png')).toBe('photo.png');
    expect(cleanFileName('a\u0000b\r\n.jpg')).toBe('ab.jpg');
    expect(cleanFileName('...')).toBe('file');
    expect(cleanFileName(`${'x'.repeat(300)}.jpeg`)).toMatch(/^x{115}\.jpeg$/);
  });

  it('reads the type from the content and checks the name against it', () => {
    const photos = { fileTypes: ['.jpg', '.jpeg', '.png'] };
    expect(uploadTypeProblem(photos, 'a.jpeg', { ext: 'jpg', mime: 'image/jpeg' })).toBeNull();
    expect(uploadTypeProblem(photos, 'no-extension', { ext: 'png', mime: 'image/png' })).toBeNull();
    expect(uploadTypeProblem(photos, 'a.pdf', { ext: 'png', mime: 'image/png' })).toBe('Unsupported file format');
    expect(uploadTypeProblem(photos, 'a.jpg', { ext: 'exe', mime: 'application/x-msdownload' })).toBe('Unsupported file format');
    expect(uploadTypeProblem(photos, 'a.jpg', undefined)).toBe('Unsupported file format');
    expect(uploadTypeProblem({ fileTypes: ['image/*'] }, 'scan.heif', { ext: 'heic', mime: 'image/heic' })).toBeNull();
    expect(uploadTypeProblem({}, 'notes.txt', { ext: 'txt', mime: 'text/plain' })).toBe('Unsupported file format');
    expect(uploadTypeProblem({ fileTypes: ['.csv'] }, 'list.csv', { ext: 'txt', mime: 'text/plain' })).toBeNull();
    expect(uploadTypeProblem({}, 'any.zip', { ext: 'zip', mime: 'application/zip' })).toBeNull();
  });

  it('sweeps staging folders an interrupted process left, not the ones in use', () => {
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'showroom-sweep-'));
    const old = new UploadStaging(uploads);
    fs.writeFileSync(old.newPath(), 'x');
    const current = new UploadStaging(uploads);
    fs.writeFileSync(current.newPath(), 'y');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(old.dir, hourAgo, hourAgo);
    expect(sweepStaleStaging(uploads)).toBe(1);
    expect(fs.existsSync(old.dir)).toBe(false);
    expect(fs.existsSync(current.dir)).toBe(true);
    fs.rmSync(uploads, { recursive: true, force: true });
  });
});
