// Marks the build as complete; `npm start` rebuilds when any source is newer than this stamp, or
// when the build was made for the tests (`test`: its compressed copies are made at quick levels).
import fs from 'node:fs';
const kind = process.argv[2] === 'test' ? 'test' : 'release';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/.build-stamp', `${new Date().toISOString()} ${kind}\n`);
