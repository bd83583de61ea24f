#!/usr/bin/env node
// The operator CLI: runs the TypeScript entry point through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/wallet-api.ts');
