// A local fake of Privy's server API (reference/privy.md), faithful on the wire: Basic auth plus
// `privy-app-id`, users with linked accounts, `POST /v1/wallets/{id}/rpc` for the sign methods with
// the `privy-authorization-signature` verified (RFC 8785 canonical JSON, P-256, the URL the client
// used), request expiry and idempotency keys, and Privy's error shapes. Used by the tests and by
// `npm start` with WALLET_PROVIDER=privy and no Privy credentials (an offline demo).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import canonicalizeModule from 'canonicalize';
import {
  type FakeChainType,
  type FakeUser,
  type FakeWallet,
  newEmbeddedWallet,
  newUser,
  RpcInputError,
  randomId,
  signEvm,
  signSolana,
  userJson,
  walletJson,
} from './fake-privy-wallets.ts';

// The package is CommonJS (module.exports is the function); its types declare a default export.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** What the next matching requests get instead of a normal answer. */
export interface PrivyFault {
  /** Which requests (path, e.g. /\/rpc$/); all when omitted. */
  path?: RegExp;
  /** How many requests it applies to (default 1). */
  times?: number;
  /** Answer this instead of handling the request. */
  respond?: { status: number; body?: unknown; headers?: Record<string, string> };
  /** Never answer (until the fake closes). */
  hang?: boolean;
  /** Handle the request (sign, record the idempotency key), then answer this status instead. */
  failAfterHandling?: number;
  /**
   * Handle the request, then answer with the signed transaction this returns instead of the one
   * signed: a compromised or buggy signer, which the service must refuse to send.
   */
  tamper?: (signed: string) => string | Promise<string>;
}

export interface PrivyRequestLog {
  method: string;
  path: string;
  rpcMethod: string | null;
  idempotencyKey: string | null;
  /** The request was handled (for an RPC: signed), not replayed or refused. */
  executed: boolean;
  status: number;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const err = (status: number, error: string, code?: string): Answer => ({
  status,
  body: code ? { error, code } : { error },
});

function stripPrefix(key: string): string {
  return key.replace(/^wallet-(auth|api):/, '');
}

export async function startFakePrivy(options: { port?: number; appId?: string; appSecret?: string } = {}) {
  const appId = options.appId ?? `app_${randomId(20)}`;
  const appSecret = options.appSecret ?? `secret_${randomBytes(24).toString('base64url')}`;
  const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const authorizationKey = `wallet-auth:${signer.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')}`;
  const signerId = `kq_${randomId(20)}`;
  let trustedKeys = [signer.publicKey];
  const users = new Map<string, FakeUser>();
  const wallets = new Map<string, FakeWallet>();
  const idempotency = new Map<string, { digest: string; answer: Answer }>();
  const faults: PrivyFault[] = [];
  const log: PrivyRequestLog[] = [];
  const hanging = new Set<ServerResponse>();
  let baseUrl = '';

  function authorized(req: IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${appId}:${appSecret}`).toString('base64')}`;
    return req.headers.authorization === expected && req.headers['privy-app-id'] === appId;
  }

  /** The signature check of reference/privy.md §4.1, against the URL the client signed. */
  function signatureProblem(req: IncomingMessage, path: string, body: unknown): Answer | null {
    const header = req.headers['privy-authorization-signature'];
    if (typeof header !== 'string' || header.trim() === '')
      return err(
        401,
        'Missing `privy-authorization-signature` header or no signatures provided. Please provide a valid signature.',
        'missing_or_empty_authorization_header',
      );
    const headers: Record<string, string> = { 'privy-app-id': appId };
    for (const h of ['privy-idempotency-key', 'privy-request-expiry']) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const payload = canonicalize({
      version: 1,
      method: req.method,
      url: `${baseUrl}${path}`,
      body: body && typeof body === 'object' && Object.keys(body).length === 0 ? '' : body,
      headers,
    });
    const data = Buffer.from(payload ?? '', 'utf8');
    const valid = header.split(',').some((sig) =>
      trustedKeys.some((key) => {
        try {
          return verify('sha256', data, { key, dsaEncoding: 'der' }, Buffer.from(sig.trim(), 'base64'));
        } catch {
          return false;
        }
      }),
    );
    return valid
      ? null
      : err(
          401,
          'No valid authorization signatures were provided. Your payload may be malformed or your signing keys may be incorrect or expired. Please check your signing keys and try again.',
          'zero_correct_authorization_signatures',
        );
  }

  async function rpc(wallet: FakeWallet, body: Record<string, unknown>): Promise<Answer> {
    const params = (body.params ?? {}) as Record<string, unknown>;
    try {
      if (body.method === 'eth_signTransaction' && wallet.chainType === 'ethereum') {
        const signed = await signEvm(wallet, (params.transaction ?? {}) as Record<string, unknown>);
        return {
          status: 200,
          body: { method: 'eth_signTransaction', data: { signed_transaction: signed, encoding: 'rlp' } },
        };
      }
      if (body.method === 'signTransaction' && wallet.chainType === 'solana') {
        if (params.encoding !== 'base64')
          return err(400, 'Invalid encoding: expected base64', 'invalid_data');
        const signed = await signSolana(wallet, String(params.transaction ?? ''));
        return {
          status: 200,
          body: { method: 'signTransaction', data: { signed_transaction: signed, encoding: 'base64' } },
        };
      }
    } catch (e) {
      if (e instanceof RpcInputError) return err(400, e.message, 'invalid_data');
      throw e;
    }
    return err(
      400,
      `Unsupported method ${String(body.method)} for a ${wallet.chainType} wallet`,
      'invalid_data',
    );
  }

  async function handle(
    req: IncomingMessage,
    path: string,
    body: unknown,
  ): Promise<Answer & { executed?: boolean }> {
    if (!authorized(req)) return err(401, 'Invalid app ID or app secret.');
    const userMatch = /^\/v1\/users\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && userMatch) {
      const user = users.get(decodeURIComponent(userMatch[1] ?? ''));
      return user ? { status: 200, body: userJson(user) } : err(404, 'User not found', 'not_found');
    }
    if (req.method === 'POST' && path === '/v1/users/email/address') {
      const address = String((body as { address?: unknown })?.address ?? '').toLowerCase();
      const user = [...users.values()].find((u) => u.email?.toLowerCase() === address);
      return user ? { status: 200, body: userJson(user) } : err(404, 'User not found', 'not_found');
    }
    const walletMatch = /^\/v1\/wallets\/([^/]+)(\/rpc)?$/.exec(path);
    const wallet = walletMatch ? wallets.get(decodeURIComponent(walletMatch[1] ?? '')) : undefined;
    if (walletMatch && (!wallet || wallet.id === null)) return err(404, 'Wallet not found', 'not_found');
    if (req.method === 'GET' && wallet && !walletMatch?.[2])
      return { status: 200, body: walletJson(wallet, signerId) };
    if (req.method === 'POST' && wallet && walletMatch?.[2]) {
      const expiry = req.headers['privy-request-expiry'];
      if (typeof expiry === 'string' && Number(expiry) < Date.now())
        return err(400, 'Request has expired', 'request_expired');
      const idemKey = req.headers['privy-idempotency-key'];
      const digest = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const seen = typeof idemKey === 'string' ? idempotency.get(idemKey) : undefined;
      if (seen) {
        if (seen.digest !== digest)
          return err(400, 'Idempotency key was already used with a different request body', 'invalid_data');
        return seen.answer;
      }
      // A wallet not delegated to the app's signer has no signer whose key could be valid.
      const problem = wallet.delegated && !wallet.external ? signatureProblem(req, path, body) : null;
      if (problem || !wallet.delegated || wallet.external)
        return (
          problem ??
          err(
            401,
            'No valid authorization signatures were provided. Your payload may be malformed or your signing keys may be incorrect or expired. Please check your signing keys and try again.',
            'zero_correct_authorization_signatures',
          )
        );
      if (wallet.denyPolicies.length > 0)
        return err(400, 'RPC request denied due to policy violation', 'policy_violation');
      const answer = await rpc(wallet, body as Record<string, unknown>);
      if (typeof idemKey === 'string' && answer.status === 200) idempotency.set(idemKey, { digest, answer });
      return { ...answer, executed: answer.status === 200 };
    }
    return err(404, 'Not found', 'not_found');
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    let answer: Answer & { executed?: boolean };
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = undefined;
    }
    const entry: PrivyRequestLog = {
      method: req.method ?? 'GET',
      path: url.pathname,
      rpcMethod:
        typeof (body as { method?: unknown })?.method === 'string'
          ? (body as { method: string }).method
          : null,
      idempotencyKey:
        typeof req.headers['privy-idempotency-key'] === 'string'
          ? req.headers['privy-idempotency-key']
          : null,
      executed: false,
      status: 0,
    };
    log.push(entry);
    const fault = faults.find((f) => !f.path || f.path.test(url.pathname));
    if (fault) {
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
    }
    if (fault?.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    try {
      answer =
        (fault?.respond ? { body: {}, ...fault.respond } : undefined) ??
        (body === undefined
          ? err(400, 'Request body is not valid JSON', 'invalid_data')
          : await handle(req, url.pathname, body));
    } catch (e) {
      answer = err(500, `Internal error: ${(e as Error).message}`);
    }
    entry.executed = answer.executed === true;
    if (fault?.failAfterHandling) answer = err(fault.failAfterHandling, 'Internal server error');
    const signedAnswer = (answer.body as { data?: { signed_transaction?: unknown } } | undefined)?.data;
    if (fault?.tamper && typeof signedAnswer?.signed_transaction === 'string')
      signedAnswer.signed_transaction = await fault.tamper(signedAnswer.signed_transaction);
    entry.status = answer.status;
    const json = JSON.stringify(answer.body ?? {});
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
      ...answer.headers,
    });
    res.end(json);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  baseUrl = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}`;

  return {
    url: baseUrl,
    appId,
    appSecret,
    /** The private key of the app's signer, as Privy's dashboard shows it. */
    authorizationKey,
    signerId,
    requests: log,
    /** Creates a user with embedded wallets (delegated unless told otherwise). */
    async createUser(input: { email?: string; wallets?: FakeChainType[]; delegated?: boolean } = {}) {
      const user = newUser(input.email ?? null);
      users.set(user.id, user);
      for (const chainType of input.wallets ?? ['ethereum', 'solana'])
        await this.addWallet(user.id, chainType, { delegated: input.delegated ?? true });
      return user;
    },
    async addWallet(
      userId: string,
      chainType: FakeChainType,
      opts: { delegated?: boolean; withoutId?: boolean } = {},
    ) {
      const user = users.get(userId);
      if (!user) throw new Error(`no fake Privy user ${userId}`);
      const wallet = await newEmbeddedWallet(user, chainType, opts);
      user.wallets.push(wallet);
      wallets.set(wallet.key, wallet);
      return wallet;
    },
    /** A connected (external) wallet: listed, never signable by the server. */
    addExternalWallet(userId: string, chainType: FakeChainType, address: string, clientType = 'metamask') {
      const user = users.get(userId);
      if (!user) throw new Error(`no fake Privy user ${userId}`);
      const wallet: FakeWallet = {
        id: null,
        key: randomId(),
        userId,
        chainType,
        address,
        walletIndex: 0,
        delegated: false,
        external: { clientType, connectorType: 'injected' },
        denyPolicies: [],
        secret: null,
        createdAt: Math.floor(Date.now() / 1000),
      };
      user.wallets.push(wallet);
      return wallet;
    },
    setDelegated(address: string, delegated: boolean) {
      const w = [...wallets.values()].find((x) => x.address === address);
      if (!w) throw new Error(`no fake Privy wallet ${address}`);
      w.delegated = delegated;
    },
    denyByPolicy(address: string, policyIds: string[]) {
      const w = [...wallets.values()].find((x) => x.address === address);
      if (!w) throw new Error(`no fake Privy wallet ${address}`);
      w.denyPolicies = policyIds;
    },
    /** Rotates the app's signer at Privy: the old authorization key stops working until `restore`. */
    rotateSigner(): { restore(): void } {
      const before = trustedKeys;
      trustedKeys = [generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey];
      return {
        restore() {
          trustedKeys = before;
        },
      };
    },
    /** Deletes a user at Privy (their DID becomes unknown). */
    deleteUser(id: string) {
      const user = users.get(id);
      users.delete(id);
      for (const w of user?.wallets ?? []) wallets.delete(w.key);
    },
    fault(f: PrivyFault) {
      faults.push({ times: 1, ...f });
    },
    clearFaults() {
      faults.length = 0;
    },
    /** Whether `key` is the private half of the app's signer (for checks in tests). */
    acceptsKey(key: string): boolean {
      const pub = createPublicKey(
        createPrivateKey({ key: Buffer.from(stripPrefix(key), 'base64'), format: 'der', type: 'pkcs8' }),
      );
      return trustedKeys.some((k) =>
        k.export({ format: 'der', type: 'spki' }).equals(pub.export({ format: 'der', type: 'spki' })),
      );
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakePrivy = Awaited<ReturnType<typeof startFakePrivy>>;
