#!/usr/bin/env node
// The operator CLI: the production build when dist/ is current (npm start or npm run build made
// it), else the TypeScript sources through tsx's loader.
import { builtIsFresh } from '../scripts/build.mjs';

if (builtIsFresh()) {
  await import('../dist/cli/wallet-api.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/wallet-api.ts');
}
