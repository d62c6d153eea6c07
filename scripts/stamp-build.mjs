// Marks the build as complete; `npm start` rebuilds when any source is newer than this stamp.
import fs from 'node:fs';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/.build-stamp', new Date().toISOString() + '\n');
