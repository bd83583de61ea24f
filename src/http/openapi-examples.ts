/**
 * Examples of the OpenAPI document (issue 32 item 10): a request body and a 200 answer per
 * operation, by operationId, and an error envelope. Added to the generated document
 * (plugins/openapi.ts); test/foundation/openapi.test.ts checks each against its schema, so an
 * example that drifts from the schemas fails the build.
 */

const EVM_WALLET = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const EVM_RECIPIENT = '0x000000000000000000000000000000000000dEaD';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ROUTER = '0x111111125421cA6dc452d289314280a0f8842A65';
const SOL_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const HASH = '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060';

const submission = {
  id: 'tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
  status: 'SUBMITTED',
  hash: HASH,
  explorerUrl: `https://basescan.org/tx/${HASH}`,
  chainName: 'Base',
};

const WEBHOOK = {
  id: 'whk_01JD3Z8W1V7N6Q4R2S5T9X0Y3C',
  url: 'https://hooks.example.com/wallet-events',
  types: ['transaction.confirmed', 'transaction.failed', 'transaction.stuck'],
  description: 'back office',
  createdAt: '2026-11-22T12:00:00.000Z',
  disabled: false,
  disabledAt: null,
  disabledReason: null,
  previousSecretExpiresAt: null,
};
const pendingTransaction = {
  ...submission,
  chainType: 'ethereum',
  chainId: 8453,
  chain: 'base',
  kind: 'send',
  from: EVM_WALLET,
  to: EVM_RECIPIENT,
  value: '1000',
  intent: { kind: 'send', asset: 'native', token: null, amount: '1000' },
  error: null,
  nonce: 7,
  stuckReason: null,
  devnetReset: false,
  createdAt: '2025-01-15T10:00:00.000Z',
  updatedAt: '2025-01-15T10:00:06.000Z',
};
const REPLACEMENT = '0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4';
const approval = {
  id: 'apr_01JD3Z9A2B3C4D5E6F7G8H9J0K',
  status: 'required',
  transactionId: 'tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
  keyId: 'key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
  keyName: 'trading bot',
  reasons: ["it moves 2000000 of native, above this API key's approval threshold of 1000000"],
  chain: 'base',
  kind: 'send',
  from: EVM_WALLET,
  to: EVM_RECIPIENT,
  value: '2000000',
  intent: { kind: 'send', asset: 'native', token: null, amount: '2000000' },
  createdAt: '2025-01-15T10:00:00.000Z',
  expiresAt: '2025-01-16T10:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  reason: null,
  url: 'https://wallet.example.com/dashboard/approvals/apr_01JD3Z9A2B3C4D5E6F7G8H9J0K',
};
const decided = {
  ...approval,
  decidedAt: '2025-01-15T10:05:00.000Z',
  decidedBy: 'API key key_01JD3Z8W1V7N6Q4R2S5T9X0Y3C (phone)',
};

const PAYOUT = {
  id: 'pay_01JD3Z9C1E3G5J7K9M1N3P5R7T',
  status: 'processing',
  chain: 'base',
  asset: 'erc20',
  token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  from: EVM_WALLET,
  atomic: false,
  totals: {
    items: 2,
    amount: '3500000',
    feeEstimate: '42000000000000',
    pending: 1,
    submitted: 1,
    confirmed: 0,
    failed: 0,
    transactions: 1,
  },
  items: [
    {
      index: 0,
      to: EVM_RECIPIENT,
      amount: '2500000',
      reference: 'inv-1001',
      transactionId: 'tx_01JD3Z9C2F4H6K8M0P2R4T6V8X',
      status: 'SUBMITTED',
      hash: HASH,
      error: null,
    },
    {
      index: 1,
      to: '0x000000000000000000000000000000000000dEaD',
      amount: '1000000',
      reference: 'inv-1002',
      transactionId: null,
      status: 'PENDING',
      hash: null,
      error: null,
    },
  ],
  createdAt: '2025-01-15T10:00:00.000Z',
  completedAt: null,
};

/** By operationId: `request` is the JSON body, `response` the 200 body. */
export const OPERATION_EXAMPLES: Record<string, { request?: unknown; response: unknown }> = {
  createPayout: {
    request: {
      chain: 'base',
      asset: 'erc20',
      token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      items: [
        { to: EVM_RECIPIENT, amount: '2500000', reference: 'inv-1001' },
        { to: '0x000000000000000000000000000000000000dEaD', amount: '1000000', reference: 'inv-1002' },
      ],
    },
    response: PAYOUT,
  },
  getPayout: { response: PAYOUT },
  listPayouts: {
    response: {
      payouts: [
        {
          id: PAYOUT.id,
          status: PAYOUT.status,
          chain: PAYOUT.chain,
          asset: PAYOUT.asset,
          token: PAYOUT.token,
          from: PAYOUT.from,
          atomic: PAYOUT.atomic,
          items: 2,
          amount: '3500000',
          createdAt: PAYOUT.createdAt,
          completedAt: null,
        },
      ],
      nextCursor: null,
    },
  },
  speedUpTransaction: {
    request: { maxFeePerGas: '3000000000' },
    response: {
      ...pendingTransaction,
      hash: REPLACEMENT,
      explorerUrl: `https://basescan.org/tx/${REPLACEMENT}`,
      attempts: [HASH, REPLACEMENT],
      notice: `A replacement at nonce 7 was signed with higher fees (${REPLACEMENT}); whichever attempt is mined, the transaction keeps its id`,
    },
  },
  cancelTransaction: {
    request: {},
    response: {
      ...pendingTransaction,
      hash: REPLACEMENT,
      explorerUrl: `https://basescan.org/tx/${REPLACEMENT}`,
      attempts: [HASH, REPLACEMENT],
      notice: `A zero-value transfer from the wallet to itself was signed at nonce 7 with higher fees (${REPLACEMENT}). A cancel is a race: the original transaction may still be mined first. The final status tells: FAILED with an error saying it was cancelled if the cancel landed, CONFIRMED if the original did`,
    },
  },
  simulate: {
    request: {
      kind: 'send',
      chain: 'base',
      to: EVM_RECIPIENT,
      asset: 'erc20',
      token: USDC_BASE,
      amount: '1000000',
    },
    response: {
      ok: true,
      failure: null,
      fee: {
        asset: 'native',
        amount: '1034220000000',
        maxAmount: '1241064000000',
        units: '34474',
        unitsLimit: '41368',
        prices: { maxFeePerGas: '30000000', maxPriorityFeePerGas: '1000000', baseFeePerGas: '14500000' },
      },
      revert: null,
      balanceChanges: [
        { address: EVM_WALLET, asset: USDC_BASE, delta: '-1000000' },
        { address: EVM_RECIPIENT, asset: USDC_BASE, delta: '1000000' },
      ],
      policy: {
        allowed: true,
        refusal: null,
        limits: [
          {
            chain: 'base',
            asset: USDC_BASE.toLowerCase(),
            perTransaction: null,
            perDay: '100000000',
            spentLast24h: '2000000',
            remainingLast24h: '98000000',
          },
        ],
      },
      method: 'eth_simulateV1',
    },
  },
  listWallets: {
    response: {
      wallets: [
        {
          address: EVM_WALLET,
          chainType: 'ethereum',
          isDefault: true,
          automationEnabled: true,
          providerType: 'server',
          clientType: 'local',
        },
        {
          address: SOL_WALLET,
          chainType: 'solana',
          isDefault: true,
          automationEnabled: true,
          providerType: 'server',
          clientType: 'local',
        },
      ],
    },
  },
  listChains: {
    response: {
      chains: [
        {
          slug: 'base',
          chainType: 'ethereum',
          chainId: 8453,
          name: 'Base',
          nativeSymbol: 'ETH',
          nativeDecimals: 18,
          tradingAvailable: true,
        },
        {
          slug: 'solana',
          chainType: 'solana',
          chainId: 0,
          name: 'Solana',
          nativeSymbol: 'SOL',
          nativeDecimals: 9,
          tradingAvailable: true,
        },
      ],
    },
  },
  send: {
    request: { chain: 'base', to: EVM_RECIPIENT, asset: 'erc20', token: USDC_BASE, amount: '1000000' },
    response: submission,
  },
  approveToken: {
    request: { chain: 'base', token: USDC_BASE, spender: ROUTER, amount: '5000000' },
    response: submission,
  },
  sendContractTransaction: {
    request: {
      chain: 'base',
      to: USDC_BASE,
      data: '0xa9059cbb000000000000000000000000000000000000000000000000000000000000dead00000000000000000000000000000000000000000000000000000000000f4240',
      value: '0',
    },
    response: submission,
  },
  getTransaction: {
    response: {
      ...submission,
      status: 'CONFIRMED',
      chainType: 'ethereum',
      chainId: 8453,
      chain: 'base',
      kind: 'send',
      from: EVM_WALLET,
      to: EVM_RECIPIENT,
      value: '1000',
      error: null,
      nonce: 7,
      attempts: [HASH],
      stuckReason: null,
      devnetReset: false,
      intent: { kind: 'send', asset: 'native', token: null, amount: '1000' },
      createdAt: '2025-01-15T10:00:00.000Z',
      updatedAt: '2025-01-15T10:00:06.000Z',
    },
  },
  listTransactions: {
    response: {
      transactions: [
        {
          ...submission,
          status: 'CONFIRMED',
          chainType: 'ethereum',
          chainId: 8453,
          chain: 'base',
          kind: 'send',
          from: EVM_WALLET,
          to: EVM_RECIPIENT,
          value: '1000',
          error: null,
          nonce: 7,
          attempts: [HASH],
          stuckReason: null,
          devnetReset: false,
          intent: { kind: 'send', asset: 'native', token: null, amount: '1000' },
          createdAt: '2025-01-15T10:00:00.000Z',
          updatedAt: '2025-01-15T10:00:06.000Z',
        },
      ],
      nextCursor: 'dHg6NDI',
    },
  },
  listEvents: {
    response: {
      events: [
        {
          id: 'evt_0b8f2c1e9d7a4c3b8e6f5a4d3c2b1a09',
          type: 'transaction.confirmed',
          timestamp: '2025-01-15T10:00:06.000Z',
          sequence: 42,
          data: {
            ...submission,
            status: 'CONFIRMED',
            previousStatus: 'SUBMITTED',
            chainType: 'ethereum',
            chainId: 8453,
            chain: 'base',
            kind: 'send',
            from: EVM_WALLET,
            to: EVM_RECIPIENT,
            value: '1000',
            error: null,
            nonce: 7,
            attempts: [HASH],
            stuckReason: null,
            devnetReset: false,
            intent: { kind: 'send', asset: 'native', token: null, amount: '1000' },
            createdAt: '2025-01-15T10:00:00.000Z',
            updatedAt: '2025-01-15T10:00:06.000Z',
          },
        },
      ],
      nextCursor: 'ZXZ0OjQy',
    },
  },
  getWalletBalances: {
    response: {
      balances: [
        {
          chainType: 'ethereum',
          chainId: 8453,
          address: EVM_WALLET,
          asset: 'native',
          token: null,
          raw: '250000000000000000',
          decimals: 18,
          symbol: 'ETH',
          updatedAt: '2025-01-15T10:00:00.000Z',
        },
        {
          chainType: 'ethereum',
          chainId: 8453,
          address: EVM_WALLET,
          asset: 'erc20',
          token: USDC_BASE,
          raw: '1000000',
          decimals: 6,
          symbol: 'USDC',
          updatedAt: '2025-01-15T10:00:00.000Z',
        },
      ],
    },
  },
  getWalletBalancesByAddress: {
    response: {
      balances: [
        {
          chainType: 'solana',
          chainId: 0,
          address: SOL_WALLET,
          asset: 'native',
          token: null,
          raw: '1500000000',
          decimals: 9,
          symbol: 'SOL',
          updatedAt: '2025-01-15T10:00:00.000Z',
        },
      ],
    },
  },
  tradeQuote: {
    request: { chain: 'base', fromToken: USDC_BASE, toToken: 'NATIVE', amount: '1000000', from: EVM_WALLET },
    response: {
      quote: {
        srcAmount: '1000000',
        dstAmount: '298512345678901',
        fromToken: USDC_BASE,
        toToken: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        approvalNeeded: true,
        spender: ROUTER,
        allowanceTarget: ROUTER,
        raw: { dstAmount: '298512345678901' },
      },
    },
  },
  tradeSwap: {
    request: {
      chain: 'base',
      fromToken: 'NATIVE',
      toToken: USDC_BASE,
      amount: '100000000000000',
      slippage: 0.5,
    },
    response: submission,
  },
  listApprovals: { response: { approvals: [approval] } },
  approveApproval: { response: { ...decided, status: 'approved' } },
  denyApproval: {
    request: { reason: 'not this week' },
    response: { ...decided, status: 'denied', reason: 'not this week' },
  },
  getKeySelf: {
    response: {
      id: 'key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
      name: 'trading bot',
      maskedKey: 'wak_Ab12_…',
      status: 'Active',
      createdAt: '2025-01-15T10:00:00.000Z',
      expiresAt: null,
      scopes: ['read', 'write', 'trade', 'webhooks'],
      chains: ['base', 'solana'],
      recipients: null,
      contracts: null,
      allowUnlimitedApprovals: false,
      approvalAbove: [{ chain: 'base', asset: 'native', amount: '50000000000000000' }],
      approvalFor: ['contract'],
      contractMethods: [],
      maxApprovals: [],
      activeHours: '08:00-20:00',
      limits: [
        {
          chain: 'base',
          asset: 'native',
          perTransaction: '100000000000000000',
          perDay: '1000000000000000000',
          spentLast24h: '250000000000000000',
          remainingLast24h: '750000000000000000',
        },
      ],
    },
  },
  createWebhook: {
    request: {
      url: 'https://hooks.example.com/wallet-events',
      types: ['transaction.confirmed', 'transaction.failed', 'transaction.stuck'],
      description: 'back office',
    },
    response: { ...WEBHOOK, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwb3nHcGCqQfE=' },
  },
  listWebhooks: { response: { webhooks: [WEBHOOK], nextCursor: null } },
  getWebhook: { response: WEBHOOK },
  deleteWebhook: { response: { id: WEBHOOK.id, deleted: true } },
  testWebhook: { response: { eventId: 'evt_6f1c2d3e4b5a69788796a5b4c3d2e1f0' } },
  rotateWebhookSecret: {
    response: {
      ...WEBHOOK,
      previousSecretExpiresAt: '2026-11-23T12:00:00.000Z',
      secret: 'whsec_3q2+7w2Zt7Yl6m1oXxTt0cQ7gX9bJr6F0aW8eK4nB1s=',
    },
  },
  listWebhookDeliveries: {
    response: {
      deliveries: [
        {
          eventId: 'evt_6f1c2d3e4b5a69788796a5b4c3d2e1f0',
          eventType: 'transaction.confirmed',
          attemptedAt: '2026-11-22T12:00:05.000Z',
          statusCode: 503,
          error: null,
          durationMs: 41,
          responseBody: 'maintenance',
          nextAttemptAt: '2026-11-22T12:05:05.000Z',
          succeeded: false,
        },
      ],
      nextCursor: null,
    },
  },
  listAudit: {
    response: {
      entries: [
        {
          id: 'aud_01JD3Z9A4C2E6G8J0K2M4P6R8T',
          at: '2025-01-15T10:05:00.000Z',
          action: 'write.refused',
          outcome: 'refused',
          actor: {
            type: 'key',
            userId: 'usr_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
            keyId: 'key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
            keyName: 'trading bot',
            sessionId: null,
          },
          target: { type: 'endpoint', id: 'POST /api/v1/send' },
          requestId: 'req_3f1c6a528d0e4b6a0000000000000002',
          clientAddress: '203.0.113.7',
          details: {
            rule: "Amount 500000000000000000 exceeds this API key's maximum per transaction of 100000000000000000 for native on base",
            chain: 'base',
          },
        },
        {
          id: 'aud_01JD3Z8Y0B1D3F5H7K9M1N3Q5S',
          at: '2025-01-15T10:00:00.000Z',
          action: 'key.created',
          outcome: 'succeeded',
          actor: {
            type: 'session',
            userId: 'usr_01JD3Z8W1V7N6Q4R2S5T9X0Y3B',
            keyId: null,
            keyName: null,
            sessionId: 'ses_01JD3Z8X2A4C6E8G0J2K4M6P8R',
          },
          target: { type: 'api_key', id: 'key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B' },
          requestId: 'req_3f1c6a528d0e4b6a0000000000000001',
          clientAddress: '203.0.113.7',
          details: { name: 'trading bot', expiresAt: null },
        },
      ],
      nextCursor: null,
    },
  },
  replayWebhookDelivery: { response: { eventId: 'evt_6f1c2d3e4b5a69788796a5b4c3d2e1f0' } },
};

/** The error envelope, as every error answers. */
export const ERROR_EXAMPLE = {
  error: 'amount: must be base units as a string, e.g. "1000" (a JSON number loses digits past 2^53)',
  code: 'INVALID_INPUT',
  requestId: 'req_3f1c6a528d0e4b6a0000000000000001',
  details: [
    {
      path: 'amount',
      message: 'must be base units as a string, e.g. "1000" (a JSON number loses digits past 2^53)',
    },
  ],
};
