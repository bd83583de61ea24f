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
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your payouts, newest first (extension) */
        get: operations["listPayouts"];
        put?: never;
        /**
         * Pay many recipients in one request (extension)
         * @description Up to 1000 transfers of one asset from one wallet, checked as a whole before anything is recorded: every address and amount (a bad item is 400 naming its index), unique references, the API key’s per-transaction limit for each item and its daily limit for the total, and the total against the wallet’s balance counting fees (400 INSUFFICIENT_FUNDS with the total and the shortfall). Then every item is recorded and the payout answered 202; the service signs and broadcasts them: on EVM one transaction per item at consecutive nonces, broadcast pipelined; on Solana as many transfers as fit in each transaction (each atomic for its items), creating recipients’ token accounts. A retry with the same Idempotency-Key replays the 202. Counts as one write against the rate limit.
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
            code: "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "RATE_LIMITED" | "INVALID_INPUT" | "WALLET_NOT_FOUND" | "USER_NOT_LINKED" | "WALLET_NOT_DELEGATED" | "WALLET_ID_REQUIRED" | "CHAIN_UNKNOWN" | "INSUFFICIENT_FUNDS" | "IDEMPOTENT_BODY_MISMATCH" | "IDEMPOTENT_REPLAY" | "PROVIDER_RPC_ERROR" | "SEND_FAILED" | "SERVICE_UNAVAILABLE" | "SEND_OUTCOME_UNKNOWN" | "QUOTE_FAILED" | "INTERNAL_ERROR";
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
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
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
        /** PayoutItem */
        PayoutItem: {
            /** @description Position in the request */
            index: number;
            to: string;
            /** @description Base units */
            amount: string;
            reference: string | null;
            /** @description The transaction carrying the item (GET /tx/{id}); null until it is signed. On Solana several items share one transaction (atomic for them): its `intent.amount` is their sum */
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
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY) */
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
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY) */
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
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY) */
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
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY) */
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
                     *         "trade"
                     *       ],
                     *       "chains": [
                     *         "base",
                     *         "solana"
                     *       ],
                     *       "recipients": null,
                     *       "contracts": null,
                     *       "allowUnlimitedApprovals": false,
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
                        /** @description read: every GET; write: send, approve, contract calls; trade: quote and swap */
                        scopes: ("read" | "write" | "trade")[];
                        /** @description The chain slugs the key may name (null: every chain) */
                        chains: string[] | null;
                        /** @description Where value may go (sends; the `to` of a token transfer decoded from a contract call; a contract a call sends native value to) and which spenders approvals may name (null: anywhere) */
                        recipients: string[] | null;
                        /** @description The contracts POST /contracts/send may call (null: any) */
                        contracts: string[] | null;
                        /** @description Whether an approval (POST /token/approve, or approve, increaseAllowance or a Permit2 approval decoded from POST /contracts/send) may grant more of a limited token than the key may move of it per transaction and per 24 hours, unlimited amounts included. False: such approvals, and increaseAllowance on a limited token, are refused */
                        allowUnlimitedApprovals: boolean;
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
                    RateLimit?: string;
                    /** @description Quota policy, e.g. "read";q=60;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Present on a replay of a stored response */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
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
            /** @description Idempotency conflict (IDEMPOTENT_BODY_MISMATCH, IDEMPOTENT_REPLAY) */
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
