import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AuditEntryView } from '../../src/app/audit/audit-service.ts';
import { auditCsv } from '../../src/app/audit/audit-text.ts';

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: 'aud_1',
  at: '2026-11-26T12:00:00.000Z',
  action: 'key.created',
  outcome: 'succeeded',
  actor: { type: 'session', userId: 'usr_1', keyId: null, keyName: null, sessionId: 'ses_1' },
  target: { type: 'api_key', id: 'key_1' },
  requestId: 'req_1',
  clientAddress: '203.0.113.7',
  details: {},
  ...over,
});

describe('audit CSV export', () => {
  test('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run as formulas', () => {
    const csv = auditCsv([
      entry({
        actor: {
          type: 'key',
          userId: 'usr_1',
          keyId: 'key_1',
          keyName: '=HYPERLINK("http://evil")',
          sessionId: null,
        },
        details: { name: 'a, "b"\nc' },
      }),
    ]);
    const [header, row] = csv.split('\r\n');
    assert.equal(header?.split(',').length, 14);
    assert.match(row ?? '', /,"'=HYPERLINK\(""http:\/\/evil""\)",/, 'formula cell prefixed with a quote');
    assert.ok(!/,=HYPERLINK/.test(row ?? ''));
    assert.ok(csv.includes('"{""name"":""a, \\""b\\""\\nc""}"'), 'JSON details quoted whole');
    assert.ok(csv.endsWith('\r\n'));
  });
});
