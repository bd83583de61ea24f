// The process-wide V8 flag for the embedded database's WebAssembly is set by the entry points
// through tuneV8 (src/boot/v8-tuning.ts), on by default and off with WASM_LATE_TIERING=off; the
// flags set are handed to the initdb child (support/v8-flags.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tuneV8, WASM_LATE_TIERING_FLAG } from '../../src/boot/v8-tuning.ts';
import { loadConfig } from '../../src/config/config.ts';
import { appliedV8Flags } from '../../src/support/v8-flags.ts';

test('WASM_LATE_TIERING=off sets no V8 flag; on (the default) sets the tiering budget once', () => {
  assert.equal(loadConfig({}).WASM_LATE_TIERING, true);
  const off = loadConfig({ WASM_LATE_TIERING: 'off' });
  assert.equal(off.WASM_LATE_TIERING, false);
  tuneV8(off);
  assert.deepEqual(appliedV8Flags(), [], 'off: V8 keeps its defaults');
  tuneV8(loadConfig({}));
  tuneV8(loadConfig({ WASM_LATE_TIERING: 'on' }));
  assert.deepEqual(appliedV8Flags(), [WASM_LATE_TIERING_FLAG]);
});
