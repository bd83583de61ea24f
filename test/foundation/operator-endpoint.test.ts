// The loopback operator endpoint the CLI uses (src/http/admin/admin-server.ts) answers hand-made
// requests with 400 INVALID_INPUT in the envelope, never a 500 (issue 26 item 13).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { localOperator } from '../../src/app/operator.ts';
import { startAdminServer } from '../../src/http/admin/admin-server.ts';
import { ADMIN_FILE } from '../../src/schemas/admin-endpoint.ts';
import { createLogger } from '../../src/support/logger.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

describe('operator endpoint', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<typeof startAdminServer>>;
  let email: string;
  const call = async (op: unknown, input: unknown) => {
    const { url, token } = JSON.parse(readFileSync(join(app.dataDir, ADMIN_FILE), 'utf8'));
    const res = await fetch(`${url}/admin/operator`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ op, input }),
    });
    return { status: res.status, body: await res.json() };
  };
  before(async () => {
    app = await startTestApp();
    admin = await startAdminServer({
      operator: localOperator(app.services),
      dataDir: app.dataDir,
      logger: createLogger('silent'),
    });
    ({ email } = await app.newUser({ wallets: false }));
  });
  after(async () => {
    await admin?.close();
    await app?.stop();
  });

  test('an expiry that is not one of the choices is 400, even an Object.prototype name', async () => {
    for (const expires of ['toString', '__proto__', 'constructor', 'hasOwnProperty', '1d']) {
      const { status, body } = await call('createKey', { email, name: 'k', expires });
      assert.equal(status, 400, `${expires}: ${JSON.stringify(body)}`);
      assert.equal(body.code, 'INVALID_INPUT');
      assert.match(body.error, /expires: must be one of never, 7d, 30d, 90d, 180d, 1y/);
    }
    const ok = await call('createKey', { email, name: 'k', expires: '7d' });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.match(ok.body.result.key, /^wak_/);
  });

  test('missing or mistyped input, a NUL byte and an unknown operation are 400 or 404, never 500', async () => {
    const cases: Array<[unknown, unknown, number, RegExp]> = [
      ['createKey', null, 400, /input: must be an object/],
      ['createKey', { email, name: 'k', expires: 7 }, 400, /input\.expires: must be a string/],
      ['createKey', { name: 'k', expires: 'never' }, 400, /input\.email: must be a string/],
      [
        'createKey',
        { email, name: 'bad\u0000name', expires: 'never' },
        400,
        /name: must not contain control/,
      ],
      ['createUser', { email: 'a\u0000b@example.test' }, 400, /email: .* is not an email address/],
      ['listKeys', { email: `${email}\u0000` }, 404, /No user with email/],
      ['setAutomation', { address: 'x', enabled: 'yes' }, 400, /input\.enabled: must be a boolean/],
      ['toString', {}, 400, /op: unknown operation/],
      [['createKey'], {}, 400, /op: unknown operation/],
    ];
    for (const [op, input, status, message] of cases) {
      const res = await call(op, input);
      assert.equal(res.status, status, `${JSON.stringify([op, input])}: ${JSON.stringify(res.body)}`);
      assert.match(res.body.error, message);
      assert.match(res.body.requestId, /\S/);
    }
  });
});
