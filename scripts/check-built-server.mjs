// `npm start`'s first step (prestart): the compiled server must be there. It runs with plain node,
// so a missing build would otherwise end in a stack about a module not found.
import fs from 'node:fs';

if (!fs.existsSync('dist/server/cli.js')) {
  console.error('There is no built server in dist/server: run npm run build, then npm start (npm run dev runs the sources in development).');
  process.exit(1);
}
