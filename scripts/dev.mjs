#!/usr/bin/env node
// `npm run dev`: the API (tsx watch) and Vite's dev server with a proxy of /api to the API.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', '-w', '@app/server', 'dev'], { stdio: 'inherit', env: process.env }),
  spawn('npm', ['run', '-w', '@app/web', 'dev'], { stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
