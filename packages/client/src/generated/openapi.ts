/**
 * GENERATED FILE, DO NOT EDIT. The types of the Wallet Automation API, produced by openapi-typescript
 * from the OpenAPI document the service serves at /api/v1/openapi.json.
 * Regenerate with `npm run client:generate` (packages/client/scripts/generate.ts);
 * `npm run client:check` fails when this file is out of date.
 */

export interface paths {
    "/wallets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your wallets
         * @description Default wallets first, then by creation time. With no filters, all wallets.
         */
        get: operations["listWallets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the configured chains
         * @description Every enabled chain: slug (the `chain` of other operations), chain type and id, name, and whether trading is available there.
         */
        get: operations["listChains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send native assets or tokens
         * @description Native on EVM and Solana, ERC20 on EVM, SPL (Token and Token-2022) on Solana; the recipient’s associated token account is created when missing. Checked before signing: wallet, automation, funds (amount plus fee).
         */
        post: operations["send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an ERC20 allowance (EVM only)
         * @description Sets the allowance of `spender` (for example the swap router a quote names) over `token`. `token` must be an ERC20 contract; checked before signing: wallet, automation, funds for the fee.
         */
        post: operations["approveToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/contracts/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a contract transaction (EVM only)
         * @description A call that reverts in simulation is refused with 400 before anything is signed.
         */
        post: operations["sendContractTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tx/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look up a transaction the service created for you
         * @description Its current status; a SUBMITTED one not looked at for a while is checked on chain first. Another user’s transaction id is 404.
         */
        get: operations["getTransaction"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balances of one of your wallets on one chain
         * @description Native and token balances. Cached: native about 15 s, tokens about 45 s; fresh=true reads the chain and refreshes the cache. A send from the wallet drops its cached balances.
         */
        get: operations["getWalletBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wallets/{address}/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Balances of the wallet in the path on one chain
         * @description As GET /wallets/balances, with the wallet taken from the path.
         */
        get: operations["getWalletBalancesByAddress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trade/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a swap quote
         * @description Counts against the write rate limit; no Idempotency-Key. Needs the API key's trade scope. Trading runs on chains with tradingAvailable (GET /chains): EVM mainnets through 1inch and Solana mainnet through Jupiter (testnets and Solana devnet/testnet: 400 CHAIN_UNKNOWN); the development network trades through its local aggregator. A token the aggregator does not trade: 400 QUOTE_FAILED "Token not tradable on 1inch" or "Token not tradable on Jupiter"; other upstream refusals: 400 QUOTE_FAILED naming the reason; upstream failures and timeouts: 502 PROVIDER_RPC_ERROR; no 1inch key configured: 503 SERVICE_UNAVAILABLE.
         */
        post: operations["tradeQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trade/swap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute a swap
         * @description Builds the swap at the aggregator for your wallet and submits it like every write (idempotent, tracked: GET /tx/{id}). An ERC20 input needs an allowance to the spender of POST /trade/quote first (POST /token/approve); too little is 400 INVALID_INPUT naming the spender. Trading runs on chains with tradingAvailable (GET /chains): EVM mainnets through 1inch and Solana mainnet through Jupiter (testnets and Solana devnet/testnet: 400 CHAIN_UNKNOWN); the development network trades through its local aggregator. A token the aggregator does not trade: 400 QUOTE_FAILED "Token not tradable on 1inch" or "Token not tradable on Jupiter"; other upstream refusals: 400 QUOTE_FAILED naming the reason; upstream failures and timeouts: 502 PROVIDER_RPC_ERROR; no 1inch key configured: 503 SERVICE_UNAVAILABLE.
         */
        post: operations["tradeSwap"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/self": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the calling API key may do
         * @description Extension: the calling key’s scopes, chains, allowlists and spend limits, with what each daily limit has left. Scopes, chains, limits, allowlists and whether approvals may exceed the limits are chosen when the key is created (dashboard or `wallet-api keys create`) and never change; a refusal by any of them is 403 FORBIDDEN naming the rule.
         */
        get: operations["getKeySelf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your transactions
         * @description Extension: newest first, each exactly as GET /tx/{id} shows it (as recorded: unlike GET /tx/{id}, the list does not first check a stale SUBMITTED transaction on chain). Filters combine; paging by `cursor` never skips or repeats a transaction while others are being recorded.
         */
        get: operations["listTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow what happened: your event log
         * @description Extension: every change you would care about (transactions’ progress, API keys), oldest first, each written in the same database transaction as the change it reports. Continue from `nextCursor`; with `wait`, the request is held until a matching event arrives (long poll), so a script or an agent without a public URL can follow along cheaply.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhook endpoints
         * @description Newest first. Needs the `webhooks` scope.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Events are POSTed to `url`, signed to Standard Webhooks 1.0, at least once, retried with backoff for about three days (WEBHOOK_RETRY_SCHEDULE). The secret is shown only in this answer. At most 10 endpoints per user (the 11th is 400 INVALID_INPUT). Needs the `webhooks` scope.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint
         * @description With whether it is disabled and why. Another user’s endpoint is 404.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Nothing more is delivered to it, pending retries included.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to an endpoint
         * @description A `webhook.test` event, delivered to this endpoint only, like any other event.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an endpoint’s signing secret
         * @description Answers the new secret (shown once). For 24 hours deliveries carry two signatures, under the new and the previous secret, so receivers can switch without losing a delivery.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery attempts to an endpoint
         * @description Each attempt, newest first: the event, when, the HTTP status or the error, how long it took and when the next attempt is due.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{id}/deliveries/{eventId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver an event to an endpoint again
         * @description Any of your events, with the same webhook-id (receivers deduplicate on it), from the start of the retry schedule.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your audit trail
         * @description Extension: the security-relevant actions on your account, newest first: sign-ins (and failed ones), API keys created (with their policy) and revoked, Privy links, automation switched on or off, writes accepted or refused by a key rule (which), and what the operator changed. Each names its actor (a key by id and name, a dashboard session, the operator CLI, the service), the request id and client address. Entries form a SHA-256 hash chain (`wallet-api audit verify`). Needs the read scope.
         */
        get: operations["listAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tx/{id}/speed-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speed up a pending transaction (extension)
         * @description EVM, PENDING or SUBMITTED: a replacement at the same nonce with both fees at least 12.5 % over the latest attempt, or the values given if higher. The chain’s fee cap applies unless `maxFeePerGas` names a higher one (up to the operator’s ceiling). A final transaction: 409 TRANSACTION_FINAL. Solana: 400, a signed Solana transaction cannot be replaced while its blockhash is valid; the service re-signs it after a proven expiry. A Solana speed-up may name `computeUnitPrice` (micro-lamports per compute unit, up to the operator’s SPEED_UP_MAX_COMPUTE_UNIT_PRICE_<SLUG>): it is recorded on the transaction, the answer is still 400 (saying so), and that re-sign pays at least that price; on EVM `computeUnitPrice` is 400. Idempotency-Key required; write scope.
         */
        post: operations["speedUpTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tx/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending transaction (extension)
         * @description EVM: a zero-value transfer from the wallet to itself at the same nonce, fees raised as for a speed-up. A race: the original may still win; the transaction ends FAILED as cancelled if the cancel landed (its amount no longer counts against the API key’s daily limit), CONFIRMED if the original did. Solana: the service stops re-signing; the current signature may land until its blockhash expires. A final transaction: 409 TRANSACTION_FINAL. Idempotency-Key required; write scope.
         */
        post: operations["cancelTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Simulate a write before sending it (extension)
         * @description What a send, approval, contract call or swap would do if sent now: whether it would succeed, its fee, a decoded revert, every balance it changes (native and tokens, by owner), and what your API key’s rules would decide. Nothing is signed, recorded or counted; no Idempotency-Key; counts against the read rate limit. Needs the scope of the write it previews (write; trade for a swap).
         */
        post: operations["simulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List approvals of writes
         * @description Extension. Your writes that an API key's approval rules sent to a person, newest first: what, to whom, how much, from which key. Needs the API key's approve scope, which a key gets only when it is named at creation (never by default). A key never decides on a write it asked for itself (403 FORBIDDEN); an approval is decided once: a second decision, or one after it expired, is 409 APPROVAL_DECIDED.
         */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a write waiting for a person
         * @description Extension. The write is then signed and sent like any write (GET /tx/{id} follows it), exactly once across instances. Needs the API key's approve scope, which a key gets only when it is named at creation (never by default). A key never decides on a write it asked for itself (403 FORBIDDEN); an approval is decided once: a second decision, or one after it expired, is 409 APPROVAL_DECIDED.
         */
        post: operations["approveApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approvals/{id}/deny": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deny a write waiting for a person
         * @description Extension. Its transaction ends FAILED with nothing signed; its error names who denied it and why, and its amount is given back to the key's daily limits. Needs the API key's approve scope, which a key gets only when it is named at creation (never by default). A key never decides on a write it asked for itself (403 FORBIDDEN); an approval is decided once: a second decision, or one after it expired, is 409 APPROVAL_DECIDED.
         */
        post: operations["denyApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your payouts, newest first (extension)
         * @description A summary of each payout (its status, asset, item count and total); GET /payouts/{id} shows its items. Page with `limit` and the `nextCursor` of the previous page.
         */
        get: operations["listPayouts"];
        put?: never;
        /**
         * Pay many recipients in one request (extension)
         * @description Up to 1000 transfers of one asset from one wallet, checked as a whole before anything is recorded: every address and amount (a bad item is 400 naming its index), unique references, the API key’s per-transaction limit for each item and its daily limit for the total, and the total against the wallet’s balance counting fees (400 INSUFFICIENT_FUNDS with the total and the shortfall). Then every item is recorded and the payout answered 202; the service signs and broadcasts them: on EVM one transaction per item at consecutive nonces, broadcast pipelined (with "atomic": true, native items packed into Multicall3 transactions, each all-or-nothing for its items); on Solana as many transfers as fit in each transaction (each atomic for its items), creating recipients’ token accounts. A retry with the same Idempotency-Key replays the 202. Counts as one write against the rate limit.
         */
        post: operations["createPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A payout with the status of each item (extension)
         * @description Each item’s status follows its transaction (GET /tx/{transactionId}); the payout is processing until every item is CONFIRMED or FAILED, then completed or completed_with_failures. Another user’s payout is 404.
         */
        get: operations["getPayout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Error
         * @example {
         *       "error": "amount: must be base units as a string, e.g. \"1000\" (a JSON number loses digits past 2^53)",
         *       "code": "INVALID_INPUT",
         *       "requestId": "req_3f1c6a528d0e4b6a0000000000000001",
         *       "details": [
         *         {
         *           "path": "amount",
         *           "message": "must be base units as a string, e.g. \"1000\" (a JSON number loses digits past 2^53)"
         *         }
         *       ]
         *     }
         */
        ErrorBody: {
            /** @description Human-readable message */
            error: string;
            /**
             * @description Stable error code
             * @enum {string}
             */
            code: "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "RATE_LIMITED" | "INVALID_INPUT" | "WALLET_NOT_FOUND" | "USER_NOT_LINKED" | "WALLET_NOT_DELEGATED" | "WALLET_ID_REQUIRED" | "CHAIN_UNKNOWN" | "INSUFFICIENT_FUNDS" | "IDEMPOTENT_BODY_MISMATCH" | "IDEMPOTENT_REPLAY" | "APPROVAL_DECIDED" | "PROVIDER_RPC_ERROR" | "SEND_FAILED" | "SERVICE_UNAVAILABLE" | "SEND_OUTCOME_UNKNOWN" | "QUOTE_FAILED" | "TRANSACTION_FINAL" | "INTERNAL_ERROR";
            /** @description Equals the x-request-id response header */
            requestId: string;
            /** @description For INVALID_INPUT: the offending fields */
            details?: {
                path: string;
                message: string;
            }[];
            /**
             * @description On errors of writes (send, token/approve, contracts/send, trade/swap): `no` proves that nothing was sent and nothing can land (sending needs a new Idempotency-Key); `maybe` says that a signed transaction may have been sent (code SEND_OUTCOME_UNKNOWN): retry with the same Idempotency-Key to get its Submission, which never sends twice. Absent: not known.
             * @enum {string}
             */
            sent?: "no" | "maybe";
        };
        /** Wallet */
        Wallet: {
            /** @description Wallet address */
            address: string;
            /**
             * @description Chain type
             * @enum {string}
             */
            chainType: "ethereum" | "solana";
            /** @description The default wallet of its chain type */
            isDefault: boolean;
            /** @description Delegated to the server signer: writes are allowed */
            automationEnabled: boolean;
            /** @description Kind of wallet: server (local signer) or embedded (Privy) */
            providerType: string;
            /** @description Wallet provider: local or privy */
            clientType: string;
        };
        /** KeyLimit */
        KeyLimit: {
            /** @description Chain slug */
            chain: string;
            /** @description `native`, or a token address (EVM, lower case) or mint (Solana). Wrapped SOL is `native`: one limit covers SOL and wrapped SOL */
            asset: string;
            perTransaction: string | null;
            perDay: string | null;
            spentLast24h: string | null;
            remainingLast24h: string | null;
        };
        /** Chain */
        Chain: {
            slug: string;
            /**
             * @description Chain type
             * @enum {string}
             */
            chainType: "ethereum" | "solana";
            /** @description EVM chain id; Solana sentinel 0 mainnet, -1 localnet, -2 testnet, -3 devnet */
            chainId: number;
            name: string;
            nativeSymbol: string;
            nativeDecimals: number;
            tradingAvailable: boolean;
        };
        /** Submission */
        Submission: {
            /** @description Service transaction id */
            id: string;
            /** @enum {string} */
            status: "SUBMITTED";
            /** @description Hash or signature; may be null at submission */
            hash: string | null;
            explorerUrl: string | null;
            chainName: string;
        };
        /** SendIntent */
        SendIntent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "send";
            /** @enum {string} */
            asset: "native" | "erc20" | "spl";
            /** @description The token address (erc20) or mint (spl); null for native */
            token: string | null;
            /** @description What the recipient (`to`) is sent: a decimal string of base units */
            amount: string;
        };
        /** ApproveIntent */
        ApproveIntent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "approve";
            /** @description The ERC20 token (also `to`) */
            token: string;
            /** @description Who may spend it */
            spender: string;
            /** @description The allowance granted (2^256-1: unlimited): a decimal string of base units */
            amount: string;
        };
        /** SwapIntent */
        SwapIntent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "swap";
            /** @description The input token as resolved: 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE for native on EVM, the wrapped SOL mint for SOL */
            fromToken: string;
            /** @description The output token, resolved the same way */
            toToken: string;
            /** @description What goes in, in the input token: a decimal string of base units */
            amount: string;
            /** @description What the aggregator quoted to come out, in base units of the output token; null when not recorded */
            expectedOutput: string | null;
            /** @description The least that may come out at the slippage asked, in base units of the output token (Solana swaps); null when not recorded (EVM) */
            minimumOutput: string | null;
        };
        /** ContractIntent */
        ContractIntent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "contract";
            /** @description The native value paid to the contract: a decimal string of base units */
            value: string;
            /** @description True when the call data was read: none (a plain payment), an ERC20 transfer, transferFrom, approve, increaseAllowance or decreaseAllowance, or a Uniswap Permit2 call. False otherwise (any other function, or call data over 4 KiB, which is not kept whole): the lists below are then empty and say nothing */
            decoded: boolean;
            /** @description The token transfers the call data makes */
            tokenTransfers: {
                token: string;
                to: string;
                /** @description Token units moved: a decimal string of base units */
                amount: string;
            }[];
            /** @description The allowances the call data grants */
            tokenApprovals: {
                token: string;
                spender: string;
                /** @description The allowance granted (added to the current one for increaseAllowance): a decimal string of base units */
                amount: string;
            }[];
        };
        /** ApprovalRef */
        ApprovalRef: {
            /** @description Approval id (apr_ followed by a ULID) */
            id: string;
            /**
             * @description required: waiting for a person; approved: let go (the transaction goes on as any write); denied or expired: the transaction ended FAILED, nothing signed
             * @enum {string}
             */
            status: "required" | "approved" | "denied" | "expired";
            /**
             * Format: date-time
             * @description Past it, a required approval expires
             */
            expiresAt: string;
            /** @description The dashboard's page of this approval */
            url: string;
        };
        /** ApprovalSubmission */
        ApprovalSubmission: {
            /** @description Service transaction id */
            id: string;
            /**
             * @description Recorded, not signed: waiting for approval
             * @enum {string}
             */
            status: "PENDING";
            /** @description null: nothing is signed yet */
            hash: string | null;
            /** @description null until a hash exists */
            explorerUrl: string | null;
            chainName: string;
            approval: components["schemas"]["ApprovalRef"];
        };
        /** Transaction */
        Transaction: {
            id: string;
            /**
             * @description PENDING: signed and recorded, broadcast not yet confirmed; SUBMITTED: accepted for broadcast; CONFIRMED: included and successful at the chain’s confirmation depth (goes back to SUBMITTED if its block is reorganised away); FAILED: reverted, refused, or provably unable to land (`error` says why)
             * @enum {string}
             */
            status: "PENDING" | "SUBMITTED" | "CONFIRMED" | "FAILED";
            /** @description The hash or signature that landed, or else the latest signed one */
            hash: string | null;
            /** @description Null until a hash exists */
            explorerUrl: string | null;
            chainName: string;
            /** @enum {string} */
            chainType: "ethereum" | "solana";
            chainId: number;
            /** @description Chain slug */
            chain: string;
            /** @enum {string} */
            kind: "send" | "approve" | "contract" | "swap";
            /** @description Sender wallet */
            from: string;
            /** @description Recipient, token (approve), contract, or router/program (swap) */
            to: string;
            /** @description Native value in base units; "0" when none */
            value: string;
            /** @description Extension. What the transaction moves, by `kind`: SendIntent, ApproveIntent, SwapIntent or ContractIntent, amounts in base units. Null for a transaction whose write did not record it (made by an older version) */
            intent: (components["schemas"]["SendIntent"] | components["schemas"]["ApproveIntent"] | components["schemas"]["SwapIntent"] | components["schemas"]["ContractIntent"]) | null;
            /** @description Set when FAILED */
            error: string | null;
            /** @description Extension. EVM: the nonce the transaction uses (kept by every fee replacement); null on Solana */
            nonce: number | null;
            /** @description Extension. Every signed version’s hash or signature, in signing order: fee replacements (EVM, same nonce) and re-signs after a proven blockhash expiry (Solana). `hash` is the one that landed, or the latest. */
            attempts: string[];
            /** @description Extension. Why a PENDING or SUBMITTED transaction is not moving, e.g. waiting for the base fee to fall below the chain’s fee cap, or for funds to pay the fee; null otherwise */
            stuckReason: string | null;
            /** @description Extension. True for a transaction made on a development network (evm-localnet, solana-localnet) that has restarted since: that chain and its hashes are gone; a transaction still pending then was FAILED */
            devnetReset: boolean;
            approval?: components["schemas"]["ApprovalRef"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** Approval */
        Approval: {
            id: string;
            /** @enum {string} */
            status: "required" | "approved" | "denied" | "expired";
            /** @description The write waiting (GET /tx/{id}) */
            transactionId: string;
            /** @description The API key that asked for the write */
            keyId: string | null;
            keyName: string | null;
            /** @description Which of the key's rules sent it for approval */
            reasons: string[];
            /** @description Chain slug */
            chain: string;
            /** @enum {string} */
            kind: "send" | "approve" | "contract" | "swap";
            /** @description Sender wallet */
            from: string;
            /** @description Recipient, token (approve), contract, or router (swap) */
            to: string;
            /** @description Native value in base units */
            value: string;
            /** @description What the write moves, amounts in base units (as on the Transaction) */
            intent: (components["schemas"]["SendIntent"] | components["schemas"]["ApproveIntent"] | components["schemas"]["SwapIntent"] | components["schemas"]["ContractIntent"]) | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string;
            decidedAt: string | null;
            /** @description Who decided: an API key (id and name) or the dashboard owner; null while required or once expired */
            decidedBy: string | null;
            /** @description The reason given with a denial */
            reason: string | null;
            /** @description The dashboard's page of this approval */
            url: string;
        };
        /** WalletBalance */
        WalletBalance: {
            /**
             * @description Chain type
             * @enum {string}
             */
            chainType: "ethereum" | "solana";
            /** @description EVM chain id; Solana sentinel 0 mainnet, -1 localnet, -2 testnet, -3 devnet */
            chainId: number;
            /** @description The wallet the balance belongs to */
            address: string;
            /**
             * @description What is counted
             * @enum {string}
             */
            asset: "native" | "erc20" | "spl";
            /** @description Token address (EVM, checksummed) or mint (Solana); null for native */
            token: string | null;
            /** @description Balance in base units (wei, lamports, token units) */
            raw: string;
            /** @description Decimals of the asset; null when the token does not tell */
            decimals: number | null;
            /** @description Symbol of the asset; null when the token does not tell (EVM: no string symbol(), for example a bytes32 one; Solana: no Token-2022 metadata extension and no Metaplex metadata) */
            symbol: string | null;
            /**
             * Format: date-time
             * @description Time of the reading (of the cached reading when served from the cache)
             */
            updatedAt: string;
        };
        /** Event */
        Event: {
            /** @description evt_…: the same wherever the event is seen (API, webhook deliveries) */
            id: string;
            /**
             * @description transaction.created (recorded), transaction.submitted (first broadcast accepted or uncertain), transaction.replaced (a new signed attempt: an EVM fee replacement or a Solana re-sign; `data.replacement` names the old and new hash and why), transaction.stuck (a stuckReason appeared or changed), transaction.confirmed, transaction.failed (`data.error` says why), transaction.reorged (its block was reorganised away: back to SUBMITTED); api_key.created, api_key.revoked; webhook.test
             * @enum {string}
             */
            type: "transaction.created" | "transaction.submitted" | "transaction.replaced" | "transaction.stuck" | "transaction.confirmed" | "transaction.failed" | "transaction.reorged" | "api_key.created" | "api_key.revoked" | "webhook.test" | "payout.completed";
            /**
             * Format: date-time
             * @description When the change happened
             */
            timestamp: string;
            /** @description Counts your events from 1, in the order their changes committed */
            sequence: number;
            /** @description transaction.*: the Transaction as GET /tx/{id} showed it at that moment, plus `previousStatus` (null for transaction.created) and, for transaction.replaced, `replacement` ({ oldHash, newHash, reason }). api_key.*: the key’s id, name, maskedKey, scopes, expiresAt, revokedAt and a policy summary (never the key or its hash). */
            data: {
                [key: string]: unknown;
            };
        };
        /** WebhookEndpoint */
        WebhookEndpoint: {
            /** @description Webhook endpoint id */
            id: string;
            url: string;
            /** @description The event types delivered (null: every type) */
            types: ("transaction.created" | "transaction.submitted" | "transaction.replaced" | "transaction.stuck" | "transaction.confirmed" | "transaction.failed" | "transaction.reorged" | "api_key.created" | "api_key.revoked" | "webhook.test" | "payout.completed")[] | null;
            description: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description A disabled endpoint receives nothing: it answered 410 Gone, or failed for days until events used up their retries */
            disabled: boolean;
            disabledAt: string | null;
            /** @description Why it was disabled */
            disabledReason: string | null;
            /** @description After a rotation: until when deliveries also carry a signature under the previous secret */
            previousSecretExpiresAt: string | null;
        };
        /** WebhookAttempt */
        WebhookAttempt: {
            /** @description The event (the webhook-id header of the attempt) */
            eventId: string;
            /**
             * @description An event type
             * @enum {string}
             */
            eventType: "transaction.created" | "transaction.submitted" | "transaction.replaced" | "transaction.stuck" | "transaction.confirmed" | "transaction.failed" | "transaction.reorged" | "api_key.created" | "api_key.revoked" | "webhook.test" | "payout.completed";
            /** Format: date-time */
            attemptedAt: string;
            /** @description The HTTP status (null: no answer) */
            statusCode: number | null;
            /** @description Why there was no answer (timeout, connection refused, URL refused) */
            error: string | null;
            durationMs: number;
            /** @description The start of the answer, trimmed */
            responseBody: string | null;
            /** @description When this delivery is tried again (null: it succeeded, or its retries are used up) */
            nextAttemptAt: string | null;
            /** @description A 2xx within the timeout */
            succeeded: boolean;
        };
        /** AuditEntry */
        AuditEntry: {
            /** @description Audit entry id (aud_…) */
            id: string;
            /** Format: date-time */
            at: string;
            /**
             * @description What happened. `write.approval_requested`, `write.approved`, `write.denied`, `write.approval_expired`, `webhook.created`, `webhook.deleted` and `webhook.secret_rotated` are reserved for approvals and webhooks
             * @enum {string}
             */
            action: "dashboard.sign_in" | "dashboard.sign_out" | "user.created" | "user.password_set" | "user.linked" | "user.unlinked" | "wallet.created" | "wallet.automation_enabled" | "wallet.automation_disabled" | "key.created" | "key.revoked" | "write.accepted" | "write.refused" | "audit.pruned" | "write.approval_requested" | "write.approved" | "write.denied" | "write.approval_expired" | "webhook.created" | "webhook.deleted" | "webhook.secret_rotated";
            /**
             * @description succeeded; failed (a sign-in with a wrong password); refused (a write a key rule refused)
             * @enum {string}
             */
            outcome: "succeeded" | "failed" | "refused";
            actor: {
                /**
                 * @description user: a person signing in; key: an API key; session: a signed-in dashboard session; operator: the wallet-api CLI; service: the service itself
                 * @enum {string}
                 */
                type: "user" | "key" | "session" | "operator" | "service";
                userId: string | null;
                keyId: string | null;
                keyName: string | null;
                sessionId: string | null;
            };
            target: {
                type: string | null;
                id: string | null;
            } | null;
            requestId: string | null;
            clientAddress: string | null;
            /** @description What the action was about: a created key’s name, expiry and policy; a write’s chain, kind, addresses and value; the rule that refused a write. Never a key, a password or a session token */
            details: {
                [key: string]: unknown;
            };
        };
        /** ControlledTransaction */
        ControlledTransaction: {
            id: string;
            /**
             * @description PENDING: signed and recorded, broadcast not yet confirmed; SUBMITTED: accepted for broadcast; CONFIRMED: included and successful at the chain’s confirmation depth (goes back to SUBMITTED if its block is reorganised away); FAILED: reverted, refused, or provably unable to land (`error` says why)
             * @enum {string}
             */
            status: "PENDING" | "SUBMITTED" | "CONFIRMED" | "FAILED";
            /** @description The hash or signature that landed, or else the latest signed one */
            hash: string | null;
            /** @description Null until a hash exists */
            explorerUrl: string | null;
            chainName: string;
            /** @enum {string} */
            chainType: "ethereum" | "solana";
            chainId: number;
            /** @description Chain slug */
            chain: string;
            /** @enum {string} */
            kind: "send" | "approve" | "contract" | "swap";
            /** @description Sender wallet */
            from: string;
            /** @description Recipient, token (approve), contract, or router/program (swap) */
            to: string;
            /** @description Native value in base units; "0" when none */
            value: string;
            /** @description Extension. What the transaction moves, by `kind`: SendIntent, ApproveIntent, SwapIntent or ContractIntent, amounts in base units. Null for a transaction whose write did not record it (made by an older version) */
            intent: (components["schemas"]["SendIntent"] | components["schemas"]["ApproveIntent"] | components["schemas"]["SwapIntent"] | components["schemas"]["ContractIntent"]) | null;
            /** @description Set when FAILED */
            error: string | null;
            /** @description Extension. EVM: the nonce the transaction uses (kept by every fee replacement); null on Solana */
            nonce: number | null;
            /** @description Extension. Every signed version’s hash or signature, in signing order: fee replacements (EVM, same nonce) and re-signs after a proven blockhash expiry (Solana). `hash` is the one that landed, or the latest. */
            attempts: string[];
            /** @description Extension. Why a PENDING or SUBMITTED transaction is not moving, e.g. waiting for the base fee to fall below the chain’s fee cap, or for funds to pay the fee; null otherwise */
            stuckReason: string | null;
            /** @description Extension. True for a transaction made on a development network (evm-localnet, solana-localnet) that has restarted since: that chain and its hashes are gone; a transaction still pending then was FAILED */
            devnetReset: boolean;
            approval?: components["schemas"]["ApprovalRef"];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description What the speed-up or cancel did and what may still happen: a cancel is a race the original may win; the final status tells */
            notice: string;
        };
        /** Simulation */
        Simulation: {
            /** @description Whether the write would succeed if sent now */
            ok: boolean;
            /** @description Why not, when it is not a revert (the wallet cannot pay the fee, a check of the write refuses it) */
            failure: string | null;
            /** @description The fee estimate; null when a check refused the write before it could be simulated */
            fee: {
                /** @enum {string} */
                asset: "native";
                /** @description The expected fee in base units of the native asset: a decimal string */
                amount: string;
                /** @description The most it may cost: the gas or compute-unit limit at the highest price offered: a decimal string */
                maxAmount: string;
                /** @description Gas (EVM) or compute units (Solana) the simulation used: a decimal string */
                units: string;
                /** @description The gas or compute-unit limit the write would be signed with: a decimal string */
                unitsLimit: string;
                /** @description The prices used, in base units: maxFeePerGas, maxPriorityFeePerGas and baseFeePerGas, or gasPrice (EVM); computeUnitPriceMicroLamports and lamportsPerSignature (Solana) */
                prices: {
                    [key: string]: string;
                };
            } | null;
            /** @description Why it would revert, or null */
            revert: {
                /** @description Why it reverts, in words (decoded where possible) */
                reason: string;
                /** @description The revert data (0x-hex); null when none */
                data: string | null;
                /** @description The error decoded: Error(string), Panic(uint256), or a standard token error; null otherwise */
                decoded: {
                    /** @description Error, Panic, or a standard token error such as ERC20InsufficientBalance */
                    name: string;
                    signature: string;
                    /** @description Its arguments by name, as strings */
                    args: {
                        [key: string]: string;
                    };
                } | null;
            } | null;
            /** @description Every balance the write changes, the wallet’s first; fees are not included (see `fee`). Native value and ERC20 Transfer effects on EVM, lamports and token amounts on Solana */
            balanceChanges: {
                /** @description The owner (token changes by owner, not token account) */
                address: string;
                /** @description `native`, or the token address (EVM) or mint (Solana) */
                asset: string;
                /** @description The change: a signed decimal string of base units */
                delta: string;
            }[];
            policy: {
                /** @description Whether the calling API key’s rules would let it through now */
                allowed: boolean;
                /** @description The rule that refuses it, as the write’s 403 would say; null when allowed */
                refusal: string | null;
                /** @description The key’s limits on this chain, with what is left of them today */
                limits: components["schemas"]["KeyLimit"][];
            };
            /** @description How it was simulated: eth_simulateV1, debug_traceCall, simulateTransaction */
            method: string;
        };
        /** PayoutItem */
        PayoutItem: {
            /** @description Position in the request */
            index: number;
            to: string;
            /** @description Base units */
            amount: string;
            reference: string | null;
            /** @description The transaction carrying the item (GET /tx/{id}); null until it is signed. On Solana, and in an atomic EVM payout, several items share one transaction (all of them land or none does): its `intent.amount` is their sum */
            transactionId: string | null;
            /**
             * @description The status of the item's transaction (as GET /tx/{id} shows it); PENDING before it is signed; FAILED also for an item whose checks failed when its turn came (`error` says why)
             * @enum {string}
             */
            status: "PENDING" | "SUBMITTED" | "CONFIRMED" | "FAILED";
            hash: string | null;
            /** @description Why the item failed, when it did */
            error: string | null;
        };
        /** Payout */
        Payout: {
            /** @description pay_ followed by a ULID */
            id: string;
            /**
             * @description processing until every item is CONFIRMED or FAILED; then completed, or completed_with_failures when any item FAILED
             * @enum {string}
             */
            status: "processing" | "completed" | "completed_with_failures";
            chain: string;
            /** @enum {string} */
            asset: "native" | "erc20" | "spl";
            token: string | null;
            /** @description Sender wallet */
            from: string;
            /** @description Asked with "atomic": true: the items are packed into Multicall3 transactions (EVM native) */
            atomic: boolean;
            totals: {
                items: number;
                /** @description Sum of the amounts, base units */
                amount: string;
                /** @description Native units the fees could reach at most when the payout was checked (on Solana with the rent of token accounts it creates) */
                feeEstimate: string;
                pending: number;
                submitted: number;
                confirmed: number;
                failed: number;
                /** @description Chain transactions signed so far */
                transactions: number;
            };
            items: components["schemas"]["PayoutItem"][];
            /** Format: date-time */
            createdAt: string;
            completedAt: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listWallets: {
        parameters: {
            query?: {
                /** @description Chain type */
                chain?: "ethereum" | "solana";
                /** @description Only default wallets */
                defaultOnly?: boolean;
                /** @description Only wallets with automation enabled */
                automationOnly?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your wallets */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "wallets": [
                     *         {
                     *           "address": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *           "chainType": "ethereum",
                     *           "isDefault": true,
                     *           "automationEnabled": true,
                     *           "providerType": "server",
                     *           "clientType": "local"
                     *         },
                     *         {
                     *           "address": "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
                     *           "chainType": "solana",
                     *           "isDefault": true,
                     *           "automationEnabled": true,
                     *           "providerType": "server",
                     *           "clientType": "local"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        wallets: components["schemas"]["Wallet"][];
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listChains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Enabled chains */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "chains": [
                     *         {
                     *           "slug": "base",
                     *           "chainType": "ethereum",
                     *           "chainId": 8453,
                     *           "name": "Base",
                     *           "nativeSymbol": "ETH",
                     *           "nativeDecimals": 18,
                     *           "tradingAvailable": true
                     *         },
                     *         {
                     *           "slug": "solana",
                     *           "chainType": "solana",
                     *           "chainId": 0,
                     *           "name": "Solana",
                     *           "nativeSymbol": "SOL",
                     *           "nativeDecimals": 9,
                     *           "tradingAvailable": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        chains: components["schemas"]["Chain"][];
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    send: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID unique per request: a retry with the same key and body replays the first response */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chain": "base",
                 *       "to": "0x000000000000000000000000000000000000dEaD",
                 *       "asset": "erc20",
                 *       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "amount": "1000000"
                 *     }
                 */
                "application/json": {
                    /** @description Chain slug, e.g. base, solana */
                    chain: string;
                    /** @description Recipient wallet address (the owner, for token sends) */
                    to: string;
                    /**
                     * @description native, erc20 (EVM) or spl (Solana)
                     * @enum {string}
                     */
                    asset: "native" | "erc20" | "spl";
                    /** @description Base units (wei, lamports or token units); EVM also 0x-hex */
                    amount: string;
                    /** @description Sender wallet; default: your default wallet for the chain */
                    from?: string;
                    /** @description Token address (EVM) or mint (Solana); required for token sends */
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Accepted for broadcast: status SUBMITTED */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "status": "SUBMITTED",
                     *       "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "explorerUrl": "https://basescan.org/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "chainName": "Base"
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            /** @description Waiting for approval (the API key's approval rules): checked and recorded, nothing signed; status PENDING. Approved, it goes on like any write (GET /tx/{id}); denied or expired, it ends FAILED */
            202: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalSubmission"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approveToken: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID unique per request: a retry with the same key and body replays the first response */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chain": "base",
                 *       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "spender": "0x111111125421cA6dc452d289314280a0f8842A65",
                 *       "amount": "5000000"
                 *     }
                 */
                "application/json": {
                    /** @description Chain slug, e.g. base, solana */
                    chain: string;
                    /** @description ERC20 token address */
                    token: string;
                    /** @description Spender (router) address */
                    spender: string;
                    /** @description Allowance in token units, up to 2^256-1, decimal or 0x-hex */
                    amount: string;
                    /** @description Sender wallet; default: your default wallet for the chain */
                    from?: string;
                };
            };
        };
        responses: {
            /** @description Accepted for broadcast: status SUBMITTED */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "status": "SUBMITTED",
                     *       "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "explorerUrl": "https://basescan.org/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "chainName": "Base"
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            /** @description Waiting for approval (the API key's approval rules): checked and recorded, nothing signed; status PENDING. Approved, it goes on like any write (GET /tx/{id}); denied or expired, it ends FAILED */
            202: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalSubmission"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    sendContractTransaction: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID unique per request: a retry with the same key and body replays the first response */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chain": "base",
                 *       "to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "data": "0xa9059cbb000000000000000000000000000000000000000000000000000000000000dead00000000000000000000000000000000000000000000000000000000000f4240",
                 *       "value": "0"
                 *     }
                 */
                "application/json": {
                    /** @description Chain slug, e.g. base, solana */
                    chain: string;
                    /** @description Contract address */
                    to: string;
                    /** @description Call data: 0x and an even number of hex digits */
                    data: string;
                    /** @description Native value in wei, up to 2^256-1; default 0 */
                    value?: string;
                    /** @description Sender wallet; default: your default wallet for the chain */
                    from?: string;
                };
            };
        };
        responses: {
            /** @description Accepted for broadcast: status SUBMITTED */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "status": "SUBMITTED",
                     *       "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "explorerUrl": "https://basescan.org/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "chainName": "Base"
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            /** @description Waiting for approval (the API key's approval rules): checked and recorded, nothing signed; status PENDING. Approved, it goes on like any write (GET /tx/{id}); denied or expired, it ends FAILED */
            202: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalSubmission"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTransaction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Service transaction id (tx_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction, with its current status */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "status": "CONFIRMED",
                     *       "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "explorerUrl": "https://basescan.org/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "chainName": "Base",
                     *       "chainType": "ethereum",
                     *       "chainId": 8453,
                     *       "chain": "base",
                     *       "kind": "send",
                     *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *       "to": "0x000000000000000000000000000000000000dEaD",
                     *       "value": "1000",
                     *       "error": null,
                     *       "nonce": 7,
                     *       "attempts": [
                     *         "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"
                     *       ],
                     *       "stuckReason": null,
                     *       "devnetReset": false,
                     *       "intent": {
                     *         "kind": "send",
                     *         "asset": "native",
                     *         "token": null,
                     *         "amount": "1000"
                     *       },
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "updatedAt": "2025-01-15T10:00:06.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Transaction"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWalletBalances: {
        parameters: {
            query: {
                /** @description Chain slug, for example base, base-sepolia, solana, solana-devnet */
                chain: string;
                /** @description Comma-separated token addresses (EVM) or mints (Solana), at most 50 after removing duplicates (EVM case-insensitively). A listed address that cannot be read as a token (no contract, not an ERC20, not a mint) is left out of the answer; a token without readable decimals or symbol is shown with null there. On Solana only associated token accounts are read for listed mints. Without tokens: EVM gives the native balance only, Solana the native balance and every Token and Token-2022 account the wallet owns (summed per mint). */
                tokens?: string;
                /** @description Include zero balances, native included; true/false */
                includeZero?: boolean;
                /** @description Read from the chain now instead of the cache (native 15 s, tokens 45 s), refreshing it; true/false */
                fresh?: boolean;
                /** @description One of your wallets, of the chain type; default: your default wallet for the chain type */
                address?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balances */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balances": [
                     *         {
                     *           "chainType": "ethereum",
                     *           "chainId": 8453,
                     *           "address": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *           "asset": "native",
                     *           "token": null,
                     *           "raw": "250000000000000000",
                     *           "decimals": 18,
                     *           "symbol": "ETH",
                     *           "updatedAt": "2025-01-15T10:00:00.000Z"
                     *         },
                     *         {
                     *           "chainType": "ethereum",
                     *           "chainId": 8453,
                     *           "address": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *           "asset": "erc20",
                     *           "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *           "raw": "1000000",
                     *           "decimals": 6,
                     *           "symbol": "USDC",
                     *           "updatedAt": "2025-01-15T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Native first, then tokens in the order asked (Solana without tokens: by mint) */
                        balances: components["schemas"]["WalletBalance"][];
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWalletBalancesByAddress: {
        parameters: {
            query: {
                /** @description Chain slug, for example base, base-sepolia, solana, solana-devnet */
                chain: string;
                /** @description Comma-separated token addresses (EVM) or mints (Solana), at most 50 after removing duplicates (EVM case-insensitively). A listed address that cannot be read as a token (no contract, not an ERC20, not a mint) is left out of the answer; a token without readable decimals or symbol is shown with null there. On Solana only associated token accounts are read for listed mints. Without tokens: EVM gives the native balance only, Solana the native balance and every Token and Token-2022 account the wallet owns (summed per mint). */
                tokens?: string;
                /** @description Include zero balances, native included; true/false */
                includeZero?: boolean;
                /** @description Read from the chain now instead of the cache (native 15 s, tokens 45 s), refreshing it; true/false */
                fresh?: boolean;
            };
            header?: never;
            path: {
                /** @description One of your wallets, of the chain type of `chain` */
                address: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balances */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "balances": [
                     *         {
                     *           "chainType": "solana",
                     *           "chainId": 0,
                     *           "address": "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
                     *           "asset": "native",
                     *           "token": null,
                     *           "raw": "1500000000",
                     *           "decimals": 9,
                     *           "symbol": "SOL",
                     *           "updatedAt": "2025-01-15T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description Native first, then tokens in the order asked (Solana without tokens: by mint) */
                        balances: components["schemas"]["WalletBalance"][];
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    tradeQuote: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chain": "base",
                 *       "fromToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "toToken": "NATIVE",
                 *       "amount": "1000000",
                 *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F"
                 *     }
                 */
                "application/json": {
                    /** @description Chain slug with trading (see GET /chains, tradingAvailable): EVM mainnets and Solana mainnet */
                    chain: string;
                    /** @description Input token address (EVM) or mint (Solana), or NATIVE (any case) for ETH/SOL */
                    fromToken: string;
                    /** @description Output token address (EVM) or mint (Solana), or NATIVE (any case) for ETH/SOL */
                    toToken: string;
                    /** @description Input amount in base units; EVM decimal or 0x-hex up to 2^256-1, Solana decimal up to 2^64-1 */
                    amount: string;
                    /** @description Ask 1inch for a gas estimate (ignored on Solana) */
                    includeGas?: boolean;
                    /** @description Comma-separated allowlist of liquidity sources: 1inch protocol ids or Jupiter DEX labels */
                    protocols?: string;
                    /** @description Comma-separated blocklist of liquidity sources (on Solana not combined with protocols) */
                    excludeProtocols?: string;
                    /** @description Wallet whose on-chain allowance is checked for an ERC20 input (any address) */
                    from?: string;
                };
            };
        };
        responses: {
            /** @description The quote */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "quote": {
                     *         "srcAmount": "1000000",
                     *         "dstAmount": "298512345678901",
                     *         "fromToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *         "toToken": "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
                     *         "approvalNeeded": true,
                     *         "spender": "0x111111125421cA6dc452d289314280a0f8842A65",
                     *         "allowanceTarget": "0x111111125421cA6dc452d289314280a0f8842A65",
                     *         "raw": {
                     *           "dstAmount": "298512345678901"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** TradeQuote */
                        quote: {
                            /** @description Input amount in base units */
                            srcAmount: string;
                            /** @description Expected output amount in base units (before slippage) */
                            dstAmount: string;
                            /** @description Resolved input token or mint (never NATIVE) */
                            fromToken: string;
                            /** @description Resolved output token or mint (never NATIVE) */
                            toToken: string;
                            /** @description Whether the allowance of `from` to the spender is below the amount (ERC20 input with `from`); false for native input and on Solana */
                            approvalNeeded?: boolean;
                            /** @description Spender to approve with POST /token/approve (EVM ERC20 input) */
                            spender?: string;
                            /** @description Address the allowance must be granted to (the spender) */
                            allowanceTarget?: string;
                            /** @description The upstream aggregator’s quote, as received */
                            raw: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    tradeSwap: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID unique per request: a retry with the same key and body replays the first response */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chain": "base",
                 *       "fromToken": "NATIVE",
                 *       "toToken": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "amount": "100000000000000",
                 *       "slippage": 0.5
                 *     }
                 */
                "application/json": {
                    /** @description Chain slug with trading (see GET /chains, tradingAvailable): EVM mainnets and Solana mainnet */
                    chain: string;
                    /** @description Input token address (EVM) or mint (Solana), or NATIVE (any case) for ETH/SOL */
                    fromToken: string;
                    /** @description Output token address (EVM) or mint (Solana), or NATIVE (any case) for ETH/SOL */
                    toToken: string;
                    /** @description Input amount in base units; EVM decimal or 0x-hex up to 2^256-1, Solana decimal up to 2^64-1 */
                    amount: string;
                    /** @description Ask 1inch for a gas estimate (ignored on Solana) */
                    includeGas?: boolean;
                    /** @description Comma-separated allowlist of liquidity sources: 1inch protocol ids or Jupiter DEX labels */
                    protocols?: string;
                    /** @description Comma-separated blocklist of liquidity sources (on Solana not combined with protocols) */
                    excludeProtocols?: string;
                    /** @description Sender wallet; default: your default wallet for the chain type */
                    from?: string;
                    /**
                     * @description Slippage tolerance in percent (1 means 1%); Jupiter gets it as slippageBps = slippage x 100
                     * @default 1
                     */
                    slippage?: number;
                };
            };
        };
        responses: {
            /** @description Accepted for broadcast: status SUBMITTED */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "status": "SUBMITTED",
                     *       "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "explorerUrl": "https://basescan.org/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *       "chainName": "Base"
                     *     }
                     */
                    "application/json": components["schemas"]["Submission"];
                };
            };
            /** @description Waiting for approval (the API key's approval rules): checked and recorded, nothing signed; status PENDING. Approved, it goes on like any write (GET /tx/{id}); denied or expired, it ends FAILED */
            202: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApprovalSubmission"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getKeySelf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling key */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "name": "trading bot",
                     *       "maskedKey": "wak_Ab12_…",
                     *       "status": "Active",
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "expiresAt": null,
                     *       "scopes": [
                     *         "read",
                     *         "write",
                     *         "trade",
                     *         "webhooks"
                     *       ],
                     *       "chains": [
                     *         "base",
                     *         "solana"
                     *       ],
                     *       "recipients": null,
                     *       "contracts": null,
                     *       "allowUnlimitedApprovals": false,
                     *       "approvalAbove": [
                     *         {
                     *           "chain": "base",
                     *           "asset": "native",
                     *           "amount": "50000000000000000"
                     *         }
                     *       ],
                     *       "approvalFor": [
                     *         "contract"
                     *       ],
                     *       "contractMethods": [],
                     *       "maxApprovals": [],
                     *       "activeHours": "08:00-20:00",
                     *       "limits": [
                     *         {
                     *           "chain": "base",
                     *           "asset": "native",
                     *           "perTransaction": "100000000000000000",
                     *           "perDay": "1000000000000000000",
                     *           "spentLast24h": "250000000000000000",
                     *           "remainingLast24h": "750000000000000000"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description API key id */
                        id: string;
                        name: string;
                        /** @description wak_<prefix>_… */
                        maskedKey: string;
                        /**
                         * @description A key that answers is active; Expiring soon when 7 days or fewer remain
                         * @enum {string}
                         */
                        status: "Active" | "Expiring soon";
                        /** Format: date-time */
                        createdAt: string;
                        expiresAt: string | null;
                        /** @description read: every GET; write: send, approve, contract calls; trade: quote and swap; webhooks: manage webhook endpoints; approve: list and decide on writes waiting for approval (never a default) */
                        scopes: ("read" | "write" | "trade" | "webhooks" | "approve")[];
                        /** @description The chain slugs the key may name (null: every chain) */
                        chains: string[] | null;
                        /** @description Where value may go (sends; the `to` of a token transfer decoded from a contract call; a contract a call sends native value to) and which spenders approvals may name (null: anywhere) */
                        recipients: string[] | null;
                        /** @description The contracts POST /contracts/send may call (null: any) */
                        contracts: string[] | null;
                        /** @description Whether an approval (POST /token/approve, or approve, increaseAllowance or a Permit2 approval decoded from POST /contracts/send) may grant more of a limited token than the key may move of it per transaction and per 24 hours, unlimited amounts included. False: such approvals, and increaseAllowance on a limited token, are refused */
                        allowUnlimitedApprovals: boolean;
                        /** @description A write that moves more than `amount` of the asset in one transaction (or grants an allowance of more) waits for a person: 202 with an `approval` */
                        approvalAbove: {
                            chain: string;
                            /** @description `native`, or a token address or mint */
                            asset: string;
                            /** @description Base units */
                            amount: string;
                        }[];
                        /** @description Kinds of writes that always wait for a person */
                        approvalFor: ("send" | "approve" | "contract" | "swap")[];
                        /** @description A contract named here is called only with these methods (the call data's first four bytes); other contracts are left to the other rules */
                        contractMethods: {
                            contract: string;
                            selectors: string[];
                        }[];
                        /** @description The most an approval may grant of a token; with any on a chain, unlimited approvals there are refused unless allowUnlimitedApprovals */
                        maxApprovals: {
                            chain: string;
                            token: string;
                            /** @description Base units */
                            amount: string;
                        }[];
                        /** @description The UTC hours the key may write in (null: always) */
                        activeHours: string | null;
                        /** @description Spend limits per chain and asset. Amounts leaving the wallet count (fees do not), token transfers decoded from a contract call included; a transaction that ends FAILED without landing gives its amount back. */
                        limits: components["schemas"]["KeyLimit"][];
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTransactions: {
        parameters: {
            query?: {
                /** @description Only this chain (slug) */
                chain?: string;
                /** @description Only transactions in this status now */
                status?: "PENDING" | "SUBMITTED" | "CONFIRMED" | "FAILED";
                /** @description Only those sent from this wallet (EVM: any case) */
                from?: string;
                /** @description Created at or after this ISO 8601 time (e.g. 2030-01-31T00:00:00Z) */
                since?: string;
                /** @description Created before this ISO 8601 time */
                until?: string;
                /** @description At most this many */
                limit?: number;
                /** @description A nextCursor of an earlier page, as given */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of your transactions */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "transactions": [
                     *         {
                     *           "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *           "status": "CONFIRMED",
                     *           "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *           "explorerUrl": "https://basescan.org/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *           "chainName": "Base",
                     *           "chainType": "ethereum",
                     *           "chainId": 8453,
                     *           "chain": "base",
                     *           "kind": "send",
                     *           "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *           "to": "0x000000000000000000000000000000000000dEaD",
                     *           "value": "1000",
                     *           "error": null,
                     *           "nonce": 7,
                     *           "attempts": [
                     *             "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"
                     *           ],
                     *           "stuckReason": null,
                     *           "devnetReset": false,
                     *           "intent": {
                     *             "kind": "send",
                     *             "asset": "native",
                     *             "token": null,
                     *             "amount": "1000"
                     *           },
                     *           "createdAt": "2025-01-15T10:00:00.000Z",
                     *           "updatedAt": "2025-01-15T10:00:06.000Z"
                     *         }
                     *       ],
                     *       "nextCursor": "dHg6NDI"
                     *     }
                     */
                    "application/json": {
                        /** @description Newest first, each as GET /tx/{id} shows it */
                        transactions: components["schemas"]["Transaction"][];
                        /** @description The next (older) page, or null at the last one. Stable under concurrent writes: paging never skips or repeats a transaction; ones recorded after the first page are not in later pages (list again from the start) */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description Where to continue: a nextCursor as given, or an event id (evt_…: the events after it; an id that is not one of your events is 404), or `now` (the current end: only what happens from now on). Default: your first event. */
                after?: string;
                /** @description Comma-separated event types to return (default: all): transaction.created, transaction.submitted, transaction.replaced, transaction.stuck, transaction.confirmed, transaction.failed, transaction.reorged, api_key.created, api_key.revoked, webhook.test, payout.completed */
                types?: string;
                /** @description At most this many events */
                limit?: number;
                /** @description Long poll: when nothing matches yet, hold the request up to this many seconds until a matching event commits (in any instance), then answer at once; at the end of the wait, an empty list and nextCursor unchanged */
                wait?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Events after `after`, and where to continue */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "id": "evt_0b8f2c1e9d7a4c3b8e6f5a4d3c2b1a09",
                     *           "type": "transaction.confirmed",
                     *           "timestamp": "2025-01-15T10:00:06.000Z",
                     *           "sequence": 42,
                     *           "data": {
                     *             "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *             "status": "CONFIRMED",
                     *             "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *             "explorerUrl": "https://basescan.org/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *             "chainName": "Base",
                     *             "previousStatus": "SUBMITTED",
                     *             "chainType": "ethereum",
                     *             "chainId": 8453,
                     *             "chain": "base",
                     *             "kind": "send",
                     *             "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *             "to": "0x000000000000000000000000000000000000dEaD",
                     *             "value": "1000",
                     *             "error": null,
                     *             "nonce": 7,
                     *             "attempts": [
                     *               "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060"
                     *             ],
                     *             "stuckReason": null,
                     *             "devnetReset": false,
                     *             "intent": {
                     *               "kind": "send",
                     *               "asset": "native",
                     *               "token": null,
                     *               "amount": "1000"
                     *             },
                     *             "createdAt": "2025-01-15T10:00:00.000Z",
                     *             "updatedAt": "2025-01-15T10:00:06.000Z"
                     *           }
                     *         }
                     *       ],
                     *       "nextCursor": "ZXZ0OjQy"
                     *     }
                     */
                    "application/json": {
                        /** @description Oldest first */
                        events: components["schemas"]["Event"][];
                        /** @description Always present: pass it as `after` to continue. After the last event returned, or the current end of your event log (so a follower never sees an event twice and never misses one) */
                        nextCursor: string;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoints */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "webhooks": [
                     *         {
                     *           "id": "whk_01JD3Z8W1V7N6Q4R2S5T9X0Y3C",
                     *           "url": "https://hooks.example.com/wallet-events",
                     *           "types": [
                     *             "transaction.confirmed",
                     *             "transaction.failed",
                     *             "transaction.stuck"
                     *           ],
                     *           "description": "back office",
                     *           "createdAt": "2026-11-22T12:00:00.000Z",
                     *           "disabled": false,
                     *           "disabledAt": null,
                     *           "disabledReason": null,
                     *           "previousSecretExpiresAt": null
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": {
                        webhooks: components["schemas"]["WebhookEndpoint"][];
                        /** @description The next page (null: none) */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/wallet-events",
                 *       "types": [
                 *         "transaction.confirmed",
                 *         "transaction.failed",
                 *         "transaction.stuck"
                 *       ],
                 *       "description": "back office"
                 *     }
                 */
                "application/json": {
                    /** @description Where events are POSTed. In production mode https, to a public address only (checked at creation and before every attempt); redirects are not followed */
                    url: string;
                    /** @description The event types to deliver (left out: every type); webhook.test always reaches its endpoint */
                    types?: ("transaction.created" | "transaction.submitted" | "transaction.replaced" | "transaction.stuck" | "transaction.confirmed" | "transaction.failed" | "transaction.reorged" | "api_key.created" | "api_key.revoked" | "webhook.test" | "payout.completed")[];
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint, with its secret (shown once) */
            201: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01JD3Z8W1V7N6Q4R2S5T9X0Y3C",
                     *       "url": "https://hooks.example.com/wallet-events",
                     *       "types": [
                     *         "transaction.confirmed",
                     *         "transaction.failed",
                     *         "transaction.stuck"
                     *       ],
                     *       "description": "back office",
                     *       "createdAt": "2026-11-22T12:00:00.000Z",
                     *       "disabled": false,
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "previousSecretExpiresAt": null,
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwb3nHcGCqQfE="
                     *     }
                     */
                    "application/json": {
                        /** @description Webhook endpoint id */
                        id: string;
                        url: string;
                        /** @description The event types delivered (null: every type) */
                        types: ("transaction.created" | "transaction.submitted" | "transaction.replaced" | "transaction.stuck" | "transaction.confirmed" | "transaction.failed" | "transaction.reorged" | "api_key.created" | "api_key.revoked" | "webhook.test" | "payout.completed")[] | null;
                        description: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description A disabled endpoint receives nothing: it answered 410 Gone, or failed for days until events used up their retries */
                        disabled: boolean;
                        disabledAt: string | null;
                        /** @description Why it was disabled */
                        disabledReason: string | null;
                        /** @description After a rotation: until when deliveries also carry a signature under the previous secret */
                        previousSecretExpiresAt: string | null;
                        /** @description The signing secret, `whsec_` + base64 of 32 random bytes: shown only in this answer. Deliveries are signed to Standard Webhooks 1.0 (webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` under the base64-decoded part after whsec_) */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whk_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01JD3Z8W1V7N6Q4R2S5T9X0Y3C",
                     *       "url": "https://hooks.example.com/wallet-events",
                     *       "types": [
                     *         "transaction.confirmed",
                     *         "transaction.failed",
                     *         "transaction.stuck"
                     *       ],
                     *       "description": "back office",
                     *       "createdAt": "2026-11-22T12:00:00.000Z",
                     *       "disabled": false,
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "previousSecretExpiresAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whk_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01JD3Z8W1V7N6Q4R2S5T9X0Y3C",
                     *       "deleted": true
                     *     }
                     */
                    "application/json": {
                        /** @description The endpoint deleted */
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whk_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued for delivery */
            202: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "eventId": "evt_6f1c2d3e4b5a69788796a5b4c3d2e1f0"
                     *     }
                     */
                    "application/json": {
                        /** @description The event queued for delivery (the webhook-id it arrives with) */
                        eventId: string;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whk_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint with its new secret */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "whk_01JD3Z8W1V7N6Q4R2S5T9X0Y3C",
                     *       "url": "https://hooks.example.com/wallet-events",
                     *       "types": [
                     *         "transaction.confirmed",
                     *         "transaction.failed",
                     *         "transaction.stuck"
                     *       ],
                     *       "description": "back office",
                     *       "createdAt": "2026-11-22T12:00:00.000Z",
                     *       "disabled": false,
                     *       "disabledAt": null,
                     *       "disabledReason": null,
                     *       "previousSecretExpiresAt": "2026-11-23T12:00:00.000Z",
                     *       "secret": "whsec_3q2+7w2Zt7Yl6m1oXxTt0cQ7gX9bJr6F0aW8eK4nB1s="
                     *     }
                     */
                    "application/json": {
                        /** @description Webhook endpoint id */
                        id: string;
                        url: string;
                        /** @description The event types delivered (null: every type) */
                        types: ("transaction.created" | "transaction.submitted" | "transaction.replaced" | "transaction.stuck" | "transaction.confirmed" | "transaction.failed" | "transaction.reorged" | "api_key.created" | "api_key.revoked" | "webhook.test" | "payout.completed")[] | null;
                        description: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** @description A disabled endpoint receives nothing: it answered 410 Gone, or failed for days until events used up their retries */
                        disabled: boolean;
                        disabledAt: string | null;
                        /** @description Why it was disabled */
                        disabledReason: string | null;
                        /** @description After a rotation: until when deliveries also carry a signature under the previous secret */
                        previousSecretExpiresAt: string | null;
                        /** @description The signing secret, `whsec_` + base64 of 32 random bytes: shown only in this answer. Deliveries are signed to Standard Webhooks 1.0 (webhook-id, webhook-timestamp, webhook-signature `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` under the base64-decoded part after whsec_) */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint id (whk_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempts */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deliveries": [
                     *         {
                     *           "eventId": "evt_6f1c2d3e4b5a69788796a5b4c3d2e1f0",
                     *           "eventType": "transaction.confirmed",
                     *           "attemptedAt": "2026-11-22T12:00:05.000Z",
                     *           "statusCode": 503,
                     *           "error": null,
                     *           "durationMs": 41,
                     *           "responseBody": "maintenance",
                     *           "nextAttemptAt": "2026-11-22T12:05:05.000Z",
                     *           "succeeded": false
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": {
                        /** @description Attempts, newest first */
                        deliveries: components["schemas"]["WebhookAttempt"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Webhook endpoint id (whk_ followed by a ULID) */
                id: string;
                /** @description Event id (evt_…), the webhook-id of its deliveries */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued for delivery */
            202: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "eventId": "evt_6f1c2d3e4b5a69788796a5b4c3d2e1f0"
                     *     }
                     */
                    "application/json": {
                        /** @description The event queued for delivery (the webhook-id it arrives with) */
                        eventId: string;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAudit: {
        parameters: {
            query?: {
                /** @description Only entries of this action */
                action?: "dashboard.sign_in" | "dashboard.sign_out" | "user.created" | "user.password_set" | "user.linked" | "user.unlinked" | "wallet.created" | "wallet.automation_enabled" | "wallet.automation_disabled" | "key.created" | "key.revoked" | "write.accepted" | "write.refused" | "audit.pruned" | "write.approval_requested" | "write.approved" | "write.denied" | "write.approval_expired" | "webhook.created" | "webhook.deleted" | "webhook.secret_rotated";
                /** @description Only what this API key did */
                keyId?: string;
                limit?: number;
                /** @description The nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Audit entries, newest first */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entries": [
                     *         {
                     *           "id": "aud_01JD3Z9A4C2E6G8J0K2M4P6R8T",
                     *           "at": "2025-01-15T10:05:00.000Z",
                     *           "action": "write.refused",
                     *           "outcome": "refused",
                     *           "actor": {
                     *             "type": "key",
                     *             "userId": "usr_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *             "keyId": "key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *             "keyName": "trading bot",
                     *             "sessionId": null
                     *           },
                     *           "target": {
                     *             "type": "endpoint",
                     *             "id": "POST /api/v1/send"
                     *           },
                     *           "requestId": "req_3f1c6a528d0e4b6a0000000000000002",
                     *           "clientAddress": "203.0.113.7",
                     *           "details": {
                     *             "rule": "Amount 500000000000000000 exceeds this API key's maximum per transaction of 100000000000000000 for native on base",
                     *             "chain": "base"
                     *           }
                     *         },
                     *         {
                     *           "id": "aud_01JD3Z8Y0B1D3F5H7K9M1N3Q5S",
                     *           "at": "2025-01-15T10:00:00.000Z",
                     *           "action": "key.created",
                     *           "outcome": "succeeded",
                     *           "actor": {
                     *             "type": "session",
                     *             "userId": "usr_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *             "keyId": null,
                     *             "keyName": null,
                     *             "sessionId": "ses_01JD3Z8X2A4C6E8G0J2K4M6P8R"
                     *           },
                     *           "target": {
                     *             "type": "api_key",
                     *             "id": "key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B"
                     *           },
                     *           "requestId": "req_3f1c6a528d0e4b6a0000000000000001",
                     *           "clientAddress": "203.0.113.7",
                     *           "details": {
                     *             "name": "trading bot",
                     *             "expiresAt": null
                     *           }
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": {
                        entries: components["schemas"]["AuditEntry"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    speedUpTransaction: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID unique per request: a retry with the same key and body replays the first response */
                "Idempotency-Key": string;
            };
            path: {
                /** @description Service transaction id (tx_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "maxFeePerGas": "3000000000"
                 *     }
                 */
                "application/json": {
                    /** @description EVM: the fee cap to offer, when higher than 12.5 % over the latest attempt; above the chain’s MAX_FEE_PER_GAS_<SLUG> up to the operator’s SPEED_UP_MAX_FEE_PER_GAS_<SLUG> (default 10 times the cap). On a legacy (gasPrice) chain: the gas price, in wei (a decimal string) */
                    maxFeePerGas?: string;
                    /** @description EVM: the tip to offer, when higher than 12.5 % over the latest attempt, in wei (a decimal string) */
                    maxPriorityFeePerGas?: string;
                    /** @description Solana only (400 on EVM): the compute-unit price, in micro-lamports per compute unit (a decimal string), the re-sign after the current blockhash is proven expired pays at least; up to the operator’s SPEED_UP_MAX_COMPUTE_UNIT_PRICE_<SLUG> (default 10 times SOLANA_PRIORITY_FEE_CAP_MICROLAMPORTS). It is recorded on the transaction, and the speed-up still answers 400, as a Solana transaction cannot be replaced while its blockhash is valid */
                    computeUnitPrice?: string;
                };
            };
        };
        responses: {
            /** @description The transaction with its new attempt, and what was done */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "status": "SUBMITTED",
                     *       "hash": "0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4",
                     *       "explorerUrl": "https://basescan.org/tx/0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4",
                     *       "chainName": "Base",
                     *       "chainType": "ethereum",
                     *       "chainId": 8453,
                     *       "chain": "base",
                     *       "kind": "send",
                     *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *       "to": "0x000000000000000000000000000000000000dEaD",
                     *       "value": "1000",
                     *       "intent": {
                     *         "kind": "send",
                     *         "asset": "native",
                     *         "token": null,
                     *         "amount": "1000"
                     *       },
                     *       "error": null,
                     *       "nonce": 7,
                     *       "stuckReason": null,
                     *       "devnetReset": false,
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "updatedAt": "2025-01-15T10:00:06.000Z",
                     *       "attempts": [
                     *         "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *         "0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4"
                     *       ],
                     *       "notice": "A replacement at nonce 7 was signed with higher fees (0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4); whichever attempt is mined, the transaction keeps its id"
                     *     }
                     */
                    "application/json": components["schemas"]["ControlledTransaction"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelTransaction: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID unique per request: a retry with the same key and body replays the first response */
                "Idempotency-Key": string;
            };
            path: {
                /** @description Service transaction id (tx_ followed by a ULID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    /** @description EVM: the fee cap to offer, when higher than 12.5 % over the latest attempt; above the chain’s MAX_FEE_PER_GAS_<SLUG> up to the operator’s SPEED_UP_MAX_FEE_PER_GAS_<SLUG> (default 10 times the cap). On a legacy (gasPrice) chain: the gas price, in wei (a decimal string) */
                    maxFeePerGas?: string;
                    /** @description EVM: the tip to offer, when higher than 12.5 % over the latest attempt, in wei (a decimal string) */
                    maxPriorityFeePerGas?: string;
                };
            };
        };
        responses: {
            /** @description The transaction with its new attempt, and what was done */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "status": "SUBMITTED",
                     *       "hash": "0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4",
                     *       "explorerUrl": "https://basescan.org/tx/0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4",
                     *       "chainName": "Base",
                     *       "chainType": "ethereum",
                     *       "chainId": 8453,
                     *       "chain": "base",
                     *       "kind": "send",
                     *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *       "to": "0x000000000000000000000000000000000000dEaD",
                     *       "value": "1000",
                     *       "intent": {
                     *         "kind": "send",
                     *         "asset": "native",
                     *         "token": null,
                     *         "amount": "1000"
                     *       },
                     *       "error": null,
                     *       "nonce": 7,
                     *       "stuckReason": null,
                     *       "devnetReset": false,
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "updatedAt": "2025-01-15T10:00:06.000Z",
                     *       "attempts": [
                     *         "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *         "0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4"
                     *       ],
                     *       "notice": "A zero-value transfer from the wallet to itself was signed at nonce 7 with higher fees (0x8f3c1b0e7d2a4c6e9b1f0a2d4c6e8b0a1c3e5f7092b4d6f8a0c2e4b6d8f0a2c4). A cancel is a race: the original transaction may still be mined first. The final status tells: FAILED with an error saying it was cancelled if the cancel landed, CONFIRMED if the original did"
                     *     }
                     */
                    "application/json": components["schemas"]["ControlledTransaction"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    simulate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description `kind` and the body of the write it previews: POST /send, /token/approve, /contracts/send or /trade/swap */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "send",
                 *       "chain": "base",
                 *       "to": "0x000000000000000000000000000000000000dEaD",
                 *       "asset": "erc20",
                 *       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "amount": "1000000"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The write previewed
                     * @enum {string}
                     */
                    kind: "send";
                    /** @description Chain slug, e.g. base, solana */
                    chain: string;
                    /** @description Recipient wallet address (the owner, for token sends) */
                    to: string;
                    /**
                     * @description native, erc20 (EVM) or spl (Solana)
                     * @enum {string}
                     */
                    asset: "native" | "erc20" | "spl";
                    /** @description Base units (wei, lamports or token units); EVM also 0x-hex */
                    amount: string;
                    /** @description Sender wallet; default: your default wallet for the chain */
                    from?: string;
                    /** @description Token address (EVM) or mint (Solana); required for token sends */
                    token?: string;
                } | {
                    /**
                     * @description The write previewed
                     * @enum {string}
                     */
                    kind: "approve";
                    /** @description Chain slug, e.g. base, solana */
                    chain: string;
                    /** @description ERC20 token address */
                    token: string;
                    /** @description Spender (router) address */
                    spender: string;
                    /** @description Allowance in token units, up to 2^256-1, decimal or 0x-hex */
                    amount: string;
                    /** @description Sender wallet; default: your default wallet for the chain */
                    from?: string;
                } | {
                    /**
                     * @description The write previewed
                     * @enum {string}
                     */
                    kind: "contract";
                    /** @description Chain slug, e.g. base, solana */
                    chain: string;
                    /** @description Contract address */
                    to: string;
                    /** @description Call data: 0x and an even number of hex digits */
                    data: string;
                    /** @description Native value in wei, up to 2^256-1; default 0 */
                    value?: string;
                    /** @description Sender wallet; default: your default wallet for the chain */
                    from?: string;
                } | {
                    /**
                     * @description The write previewed
                     * @enum {string}
                     */
                    kind: "swap";
                    /** @description Chain slug with trading (see GET /chains, tradingAvailable): EVM mainnets and Solana mainnet */
                    chain: string;
                    /** @description Input token address (EVM) or mint (Solana), or NATIVE (any case) for ETH/SOL */
                    fromToken: string;
                    /** @description Output token address (EVM) or mint (Solana), or NATIVE (any case) for ETH/SOL */
                    toToken: string;
                    /** @description Input amount in base units; EVM decimal or 0x-hex up to 2^256-1, Solana decimal up to 2^64-1 */
                    amount: string;
                    /** @description Ask 1inch for a gas estimate (ignored on Solana) */
                    includeGas?: boolean;
                    /** @description Comma-separated allowlist of liquidity sources: 1inch protocol ids or Jupiter DEX labels */
                    protocols?: string;
                    /** @description Comma-separated blocklist of liquidity sources (on Solana not combined with protocols) */
                    excludeProtocols?: string;
                    /** @description Sender wallet; default: your default wallet for the chain type */
                    from?: string;
                    /** @description Slippage tolerance in percent; default 1 */
                    slippage?: number;
                };
            };
        };
        responses: {
            /** @description What the write would do now */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "failure": null,
                     *       "fee": {
                     *         "asset": "native",
                     *         "amount": "1034220000000",
                     *         "maxAmount": "1241064000000",
                     *         "units": "34474",
                     *         "unitsLimit": "41368",
                     *         "prices": {
                     *           "maxFeePerGas": "30000000",
                     *           "maxPriorityFeePerGas": "1000000",
                     *           "baseFeePerGas": "14500000"
                     *         }
                     *       },
                     *       "revert": null,
                     *       "balanceChanges": [
                     *         {
                     *           "address": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *           "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *           "delta": "-1000000"
                     *         },
                     *         {
                     *           "address": "0x000000000000000000000000000000000000dEaD",
                     *           "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *           "delta": "1000000"
                     *         }
                     *       ],
                     *       "policy": {
                     *         "allowed": true,
                     *         "refusal": null,
                     *         "limits": [
                     *           {
                     *             "chain": "base",
                     *             "asset": "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
                     *             "perTransaction": null,
                     *             "perDay": "100000000",
                     *             "spentLast24h": "2000000",
                     *             "remainingLast24h": "98000000"
                     *           }
                     *         ]
                     *       },
                     *       "method": "eth_simulateV1"
                     *     }
                     */
                    "application/json": components["schemas"]["Simulation"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: {
                /** @description Only approvals in this status; `pending` is `required` (waiting for a decision) */
                status?: "pending" | "required" | "approved" | "denied" | "expired";
                /** @description At most this many (default 50) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approvals */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "approvals": [
                     *         {
                     *           "id": "apr_01JD3Z9A2B3C4D5E6F7G8H9J0K",
                     *           "status": "required",
                     *           "transactionId": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *           "keyId": "key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *           "keyName": "trading bot",
                     *           "reasons": [
                     *             "it moves 2000000 of native, above this API key's approval threshold of 1000000"
                     *           ],
                     *           "chain": "base",
                     *           "kind": "send",
                     *           "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *           "to": "0x000000000000000000000000000000000000dEaD",
                     *           "value": "2000000",
                     *           "intent": {
                     *             "kind": "send",
                     *             "asset": "native",
                     *             "token": null,
                     *             "amount": "2000000"
                     *           },
                     *           "createdAt": "2025-01-15T10:00:00.000Z",
                     *           "expiresAt": "2025-01-16T10:00:00.000Z",
                     *           "decidedAt": null,
                     *           "decidedBy": null,
                     *           "reason": null,
                     *           "url": "https://wallet.example.com/dashboard/approvals/apr_01JD3Z9A2B3C4D5E6F7G8H9J0K"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        approvals: components["schemas"]["Approval"][];
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    approveApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Approval id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The approval, approved */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "apr_01JD3Z9A2B3C4D5E6F7G8H9J0K",
                     *       "status": "approved",
                     *       "transactionId": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "keyId": "key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "keyName": "trading bot",
                     *       "reasons": [
                     *         "it moves 2000000 of native, above this API key's approval threshold of 1000000"
                     *       ],
                     *       "chain": "base",
                     *       "kind": "send",
                     *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *       "to": "0x000000000000000000000000000000000000dEaD",
                     *       "value": "2000000",
                     *       "intent": {
                     *         "kind": "send",
                     *         "asset": "native",
                     *         "token": null,
                     *         "amount": "2000000"
                     *       },
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "expiresAt": "2025-01-16T10:00:00.000Z",
                     *       "decidedAt": "2025-01-15T10:05:00.000Z",
                     *       "decidedBy": "API key key_01JD3Z8W1V7N6Q4R2S5T9X0Y3C (phone)",
                     *       "reason": null,
                     *       "url": "https://wallet.example.com/dashboard/approvals/apr_01JD3Z9A2B3C4D5E6F7G8H9J0K"
                     *     }
                     */
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    denyApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Approval id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "not this week"
                 *     }
                 */
                "application/json": {
                    /** @description Why, shown in the transaction’s error */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description The approval, denied */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "apr_01JD3Z9A2B3C4D5E6F7G8H9J0K",
                     *       "status": "denied",
                     *       "transactionId": "tx_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "keyId": "key_01JD3Z8W1V7N6Q4R2S5T9X0Y3B",
                     *       "keyName": "trading bot",
                     *       "reasons": [
                     *         "it moves 2000000 of native, above this API key's approval threshold of 1000000"
                     *       ],
                     *       "chain": "base",
                     *       "kind": "send",
                     *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *       "to": "0x000000000000000000000000000000000000dEaD",
                     *       "value": "2000000",
                     *       "intent": {
                     *         "kind": "send",
                     *         "asset": "native",
                     *         "token": null,
                     *         "amount": "2000000"
                     *       },
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "expiresAt": "2025-01-16T10:00:00.000Z",
                     *       "decidedAt": "2025-01-15T10:05:00.000Z",
                     *       "decidedBy": "API key key_01JD3Z8W1V7N6Q4R2S5T9X0Y3C (phone)",
                     *       "reason": "not this week",
                     *       "url": "https://wallet.example.com/dashboard/approvals/apr_01JD3Z9A2B3C4D5E6F7G8H9J0K"
                     *     }
                     */
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                limit?: number;
                /** @description From the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payouts */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "payouts": [
                     *         {
                     *           "id": "pay_01JD3Z9C1E3G5J7K9M1N3P5R7T",
                     *           "status": "processing",
                     *           "chain": "base",
                     *           "asset": "erc20",
                     *           "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *           "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *           "atomic": false,
                     *           "items": 2,
                     *           "amount": "3500000",
                     *           "createdAt": "2025-01-15T10:00:00.000Z",
                     *           "completedAt": null
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": {
                        payouts: {
                            id: string;
                            /** @enum {string} */
                            status: "processing" | "completed" | "completed_with_failures";
                            chain: string;
                            /** @enum {string} */
                            asset: "native" | "erc20" | "spl";
                            token: string | null;
                            from: string;
                            atomic: boolean;
                            items: number;
                            amount: string;
                            /** Format: date-time */
                            createdAt: string;
                            completedAt: string | null;
                        }[];
                        /** @description Pass as `cursor` for the next page; null on the last */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createPayout: {
        parameters: {
            query?: never;
            header: {
                /** @description A UUID unique per request: a retry with the same key and body replays the first response */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "chain": "base",
                 *       "asset": "erc20",
                 *       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                 *       "items": [
                 *         {
                 *           "to": "0x000000000000000000000000000000000000dEaD",
                 *           "amount": "2500000",
                 *           "reference": "inv-1001"
                 *         },
                 *         {
                 *           "to": "0x000000000000000000000000000000000000dEaD",
                 *           "amount": "1000000",
                 *           "reference": "inv-1002"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Chain slug, e.g. base, solana */
                    chain: string;
                    /**
                     * @description native, erc20 (EVM) or spl (Solana)
                     * @enum {string}
                     */
                    asset: "native" | "erc20" | "spl";
                    /** @description Token address (EVM) or mint (Solana); required for token payouts */
                    token?: string;
                    /** @description Sender wallet; default: your default wallet for the chain */
                    from?: string;
                    items: {
                        /** @description Recipient wallet address (the owner, for token payouts) */
                        to: string;
                        /** @description Base units (wei, lamports or token units), as in POST /send */
                        amount: string;
                        /** @description Your reference for the item (an invoice, a withdrawal id): unique within the payout */
                        reference?: string;
                    }[];
                    /**
                     * @description EVM native payouts only: pack the items into as few transactions as gas allows (up to 200 items each), each a call to Multicall3 aggregate3Value (MULTICALL3_ADDRESS_<SLUG>, default 0xcA11bde05977b3631167028862bE2a173976CA11): all items of one transaction land or none do, and they share its transactionId and status. Refused (400) when the chain has no Multicall3 or a recipient would refuse the payment (its index named), before anything is signed
                     * @default false
                     */
                    atomic?: boolean;
                };
            };
        };
        responses: {
            /** @description Recorded: every item PENDING, signed and sent by the service */
            202: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pay_01JD3Z9C1E3G5J7K9M1N3P5R7T",
                     *       "status": "processing",
                     *       "chain": "base",
                     *       "asset": "erc20",
                     *       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *       "atomic": false,
                     *       "totals": {
                     *         "items": 2,
                     *         "amount": "3500000",
                     *         "feeEstimate": "42000000000000",
                     *         "pending": 1,
                     *         "submitted": 1,
                     *         "confirmed": 0,
                     *         "failed": 0,
                     *         "transactions": 1
                     *       },
                     *       "items": [
                     *         {
                     *           "index": 0,
                     *           "to": "0x000000000000000000000000000000000000dEaD",
                     *           "amount": "2500000",
                     *           "reference": "inv-1001",
                     *           "transactionId": "tx_01JD3Z9C2F4H6K8M0P2R4T6V8X",
                     *           "status": "SUBMITTED",
                     *           "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *           "error": null
                     *         },
                     *         {
                     *           "index": 1,
                     *           "to": "0x000000000000000000000000000000000000dEaD",
                     *           "amount": "1000000",
                     *           "reference": "inv-1002",
                     *           "transactionId": null,
                     *           "status": "PENDING",
                     *           "hash": null,
                     *           "error": null
                     *         }
                     *       ],
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "completedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY, APPROVAL_DECIDED, TRANSACTION_FINAL) */
            409: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description IDEMPOTENT_REPLAY while the first request with this Idempotency-Key is still running: seconds before retrying with the same key. Absent when it already failed, and on IDEMPOTENT_BODY_MISMATCH */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body larger than 1 MiB (INVALID_INPUT) */
            413: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Upstream failure (PROVIDER_RPC_ERROR, SEND_FAILED) */
            502: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPayout: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Payout id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout */
            200: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pay_01JD3Z9C1E3G5J7K9M1N3P5R7T",
                     *       "status": "processing",
                     *       "chain": "base",
                     *       "asset": "erc20",
                     *       "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                     *       "from": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
                     *       "atomic": false,
                     *       "totals": {
                     *         "items": 2,
                     *         "amount": "3500000",
                     *         "feeEstimate": "42000000000000",
                     *         "pending": 1,
                     *         "submitted": 1,
                     *         "confirmed": 0,
                     *         "failed": 0,
                     *         "transactions": 1
                     *       },
                     *       "items": [
                     *         {
                     *           "index": 0,
                     *           "to": "0x000000000000000000000000000000000000dEaD",
                     *           "amount": "2500000",
                     *           "reference": "inv-1001",
                     *           "transactionId": "tx_01JD3Z9C2F4H6K8M0P2R4T6V8X",
                     *           "status": "SUBMITTED",
                     *           "hash": "0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060",
                     *           "error": null
                     *         },
                     *         {
                     *           "index": 1,
                     *           "to": "0x000000000000000000000000000000000000dEaD",
                     *           "amount": "1000000",
                     *           "reference": "inv-1002",
                     *           "transactionId": null,
                     *           "status": "PENDING",
                     *           "hash": null,
                     *           "error": null
                     *         }
                     *       ],
                     *       "createdAt": "2025-01-15T10:00:00.000Z",
                     *       "completedAt": null
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            /** @description Invalid input (INVALID_INPUT, WALLET_ID_REQUIRED, CHAIN_UNKNOWN, INSUFFICIENT_FUNDS, QUOTE_FAILED) */
            400: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing, invalid, revoked or expired API key (UNAUTHORIZED) */
            401: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not allowed: by the API key's scopes, chains, spend limits or allowlists (FORBIDDEN names the rule), or for the wallet (FORBIDDEN, USER_NOT_LINKED, WALLET_NOT_DELEGATED) */
            403: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Not found (NOT_FOUND, WALLET_NOT_FOUND) */
            404: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A path parameter longer than 100 characters (INVALID_INPUT). Refused by the router before authentication: no quota is spent and no RateLimit headers are sent */
            414: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Rate limit exceeded (RATE_LIMITED) */
            429: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy": string;
                    /** @description Seconds until the window resets */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Unexpected error (INTERNAL_ERROR) */
            500: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description A required service is not configured or unreachable, or the server is shutting down; or a write failed after its transaction may have been sent (retry with the same Idempotency-Key) (SERVICE_UNAVAILABLE, SEND_OUTCOME_UNKNOWN) */
            503: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    /** @description Remaining quota and seconds to reset, e.g. "read";r=59;t=60 */
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description When the service expects to be back soon (the database briefly unreachable): seconds before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Any other error, in the same envelope (414 path parameter too long, 431 headers too large) */
            default: {
                headers: {
                    /** @description Request id, also in error bodies */
                    "x-request-id": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
