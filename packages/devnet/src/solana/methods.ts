// The JSON-RPC methods of the LiteSVM development node, with Agave's response shapes:
// `{ context: { slot, apiVersion }, value }` where a validator wraps its answer in a context.
import { type AccountEncoding, encodeAccount, readDataSlice, readEncoding } from './account-encoding.ts';
import type { SolanaChain } from './chain.ts';
import type { Faucet } from './faucet.ts';
import { feeForMessage } from './fees.ts';
import type { StoredAccount } from './ledger-types.ts';
import {
  type Config,
  checkCommitment,
  checkMinContextSlot,
  decodeEncodedBytes,
  type Params,
  readAddress,
  readConfig,
  readSignature,
  readString,
  readU64,
} from './params.ts';
import { invalidParams, RPC_UNSUPPORTED_TRANSACTION_VERSION, RpcError } from './rpc-errors.ts';
import { simulate } from './simulate.ts';
import { decodeMint, decodeTokenAccount, TOKEN_PROGRAMS, uiTokenAmount } from './token-layout.ts';
import { formatTransaction } from './tx-format.ts';
import { decodeMessage } from './wire.ts';

export type Handler = (params: Params) => unknown;

/** Agave release whose RPC behaviour this node follows. */
export const SOLANA_CORE_VERSION = '2.3.13';
const MAX_MULTIPLE_ACCOUNTS = 100;
const MAX_SIGNATURE_STATUSES = 256;

export function createMethods(chain: SolanaChain, faucet: Faucet): Record<string, Handler> {
  const context = (config: Config = {}) => {
    const slot = chain.tick();
    checkCommitment(config);
    checkMinContextSlot(config, slot);
    return { slot, apiVersion: SOLANA_CORE_VERSION };
  };
  const withContext = (config: Config, value: unknown) => ({ context: context(config), value });
  const encodeFor = (config: Config, fallback: AccountEncoding) => {
    const encoding = readEncoding(config.encoding, fallback);
    const slice = readDataSlice(config.dataSlice);
    return (acc: StoredAccount | null) =>
      acc ? encodeAccount(acc, encoding, slice, chain.mintDecimals) : null;
  };
  const plainSlot = (params: Params) => {
    const config = readConfig(params, 0);
    return context(config).slot;
  };

  const tokenAccountsByOwner = (params: Params) => {
    const owner = readAddress(params, 0);
    const filter = readConfig(params, 1);
    const config = readConfig(params, 2);
    let programs = TOKEN_PROGRAMS;
    let mint: string | null = null;
    if (typeof filter.mint === 'string') {
      mint = readAddress([filter.mint], 0);
      const mintAccount = chain.getAccount(mint);
      if (!mintAccount || !decodeMint(mintAccount.owner, mintAccount.data)) {
        throw invalidParams('Invalid param: could not find mint');
      }
      programs = [mintAccount.owner];
    } else if (typeof filter.programId === 'string') {
      const programId = readAddress([filter.programId], 0);
      if (!TOKEN_PROGRAMS.includes(programId))
        throw invalidParams('Invalid param: unrecognized Token program id');
      programs = [programId];
    } else {
      throw invalidParams('Invalid params: expected a filter object { mint } or { programId } at position 1');
    }
    const encode = encodeFor(config, 'binary');
    const ctx = context(config);
    const value = programs
      .flatMap((program) => chain.programAccounts(program))
      .filter((acc) => {
        const token = decodeTokenAccount(acc.owner, acc.data);
        return token !== null && token.owner === owner && (mint === null || token.mint === mint);
      })
      .map((acc) => ({ pubkey: acc.address, account: encode(acc) }));
    return { context: ctx, value };
  };

  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => chain.genesisHash,
    getSlot: plainSlot,
    getBlockHeight: plainSlot,
    getEpochInfo: (params) => {
      context(readConfig(params, 0));
      return chain.epochInfo();
    },
    getLatestBlockhash: (params) => withContext(readConfig(params, 0), chain.latestBlockhash()),
    isBlockhashValid: (params) => {
      const hash = readString(params, 0, 'a blockhash');
      return withContext(readConfig(params, 1), chain.isBlockhashValid(hash));
    },
    getBalance: (params) => {
      const address = readAddress(params, 0);
      return withContext(readConfig(params, 1), chain.getAccount(address)?.lamports ?? 0n);
    },
    getAccountInfo: (params) => {
      const address = readAddress(params, 0);
      const config = readConfig(params, 1);
      return withContext(config, encodeFor(config, 'binary')(chain.getAccount(address)));
    },
    getMultipleAccounts: (params) => {
      const list = params[0];
      if (!Array.isArray(list))
        throw invalidParams('Invalid params: expected an array of addresses at position 0');
      if (list.length > MAX_MULTIPLE_ACCOUNTS) {
        throw invalidParams(`Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`);
      }
      const addresses = list.map((_, i) => readAddress(list, i));
      const config = readConfig(params, 1);
      const encode = encodeFor(config, 'base64');
      return withContext(
        config,
        addresses.map((a) => encode(chain.getAccount(a))),
      );
    },
    getTokenAccountsByOwner: tokenAccountsByOwner,
    getTokenAccountBalance: (params) => {
      const address = readAddress(params, 0);
      const acc = chain.getAccount(address);
      if (!acc) throw invalidParams('Invalid param: could not find account');
      const token = decodeTokenAccount(acc.owner, acc.data);
      if (!token) throw invalidParams('Invalid param: not a Token account');
      const decimals = chain.mintDecimals(token.mint);
      if (decimals === null) throw invalidParams('Invalid param: could not find mint');
      return withContext(readConfig(params, 1), uiTokenAmount(token.amount, decimals));
    },
    getTokenSupply: (params) => {
      const address = readAddress(params, 0);
      const acc = chain.getAccount(address);
      if (!acc) throw invalidParams('Invalid param: could not find account');
      const mint = decodeMint(acc.owner, acc.data);
      if (!mint) throw invalidParams('Invalid param: not a Token mint');
      return withContext(readConfig(params, 1), uiTokenAmount(mint.supply, mint.decimals));
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = readU64(params, 0, 'an account data length');
      context(readConfig(params, 1));
      return chain.svm.minimumBalanceForRentExemption(size);
    },
    getFeeForMessage: (params) => {
      const bytes = decodeEncodedBytes(readString(params, 0, 'a base64 message'), 'base64', 'base64');
      let message: ReturnType<typeof decodeMessage>;
      try {
        message = decodeMessage(bytes);
      } catch (err) {
        throw invalidParams(`Invalid params: failed to deserialize message: ${(err as Error).message}`);
      }
      const fee = chain.isBlockhashValid(message.recentBlockhash) ? feeForMessage(message) : null;
      return withContext(readConfig(params, 1), fee);
    },
    getRecentPrioritizationFees: (params) => {
      const list = params[0];
      if (list !== undefined && list !== null) {
        if (!Array.isArray(list)) throw invalidParams('Invalid params: expected an array of addresses');
        if (list.length > 128) throw invalidParams('Too many inputs provided; max 128');
        for (let i = 0; i < list.length; i++) readAddress(list, i);
      }
      return chain.recentPrioritizationFees();
    },
    simulateTransaction: (params) => {
      const config = readConfig(params, 1);
      const wire = decodeEncodedBytes(
        readString(params, 0, 'an encoded transaction'),
        config.encoding,
        'base58',
      );
      const sigVerify = config.sigVerify === true;
      const replaceRecentBlockhash = config.replaceRecentBlockhash === true;
      if (sigVerify && replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      }
      const ctx = context(config);
      const sim = simulate(chain, wire, { sigVerify, replaceRecentBlockhash });
      const accountsConfig = config.accounts as { addresses?: unknown; encoding?: unknown } | undefined;
      let accounts: unknown = null;
      if (accountsConfig && Array.isArray(accountsConfig.addresses)) {
        const list = accountsConfig.addresses;
        const encode = encodeFor({ encoding: accountsConfig.encoding ?? 'base64' }, 'base64');
        accounts = list.map((_, i) => {
          const a = readAddress(list, i);
          return encode(
            sim.err === null ? (sim.postAccounts.get(a) ?? chain.getAccount(a)) : chain.getAccount(a),
          );
        });
      }
      return {
        context: ctx,
        value: {
          err: sim.err,
          logs: sim.logs,
          accounts,
          unitsConsumed: sim.unitsConsumed,
          returnData: sim.returnData,
          innerInstructions: config.innerInstructions === true ? sim.innerInstructions : null,
          replacementBlockhash: sim.replacementBlockhash,
          loadedAccountsDataSize: 0,
          fee: sim.err === null ? sim.fee : null,
        },
      };
    },
    sendTransaction: (params) => {
      const config = readConfig(params, 1);
      context({ minContextSlot: config.minContextSlot });
      const wire = decodeEncodedBytes(
        readString(params, 0, 'an encoded transaction'),
        config.encoding,
        'base58',
      );
      return chain.send(wire, { skipPreflight: config.skipPreflight === true });
    },
    getSignatureStatuses: (params) => {
      const list = params[0];
      if (!Array.isArray(list))
        throw invalidParams('Invalid params: expected an array of signatures at position 0');
      if (list.length > MAX_SIGNATURE_STATUSES) {
        throw invalidParams(`Too many inputs provided; max ${MAX_SIGNATURE_STATUSES}`);
      }
      const signatures = list.map(readSignature);
      const ctx = context(readConfig(params, 1));
      const value = signatures.map((sig) => {
        const record = chain.getRecord(sig);
        if (!record) return null;
        const finalized = chain.isFinalized(record);
        return {
          slot: record.slot,
          confirmations: finalized ? null : Number(ctx.slot - record.slot),
          err: record.err,
          status: record.err === null ? { Ok: null } : { Err: record.err },
          confirmationStatus: finalized ? 'finalized' : 'confirmed',
        };
      });
      return { context: ctx, value };
    },
    getTransaction: (params) => {
      const signature = readSignature(params[0]);
      const config = readConfig(params, 1);
      if (config.commitment === 'processed') {
        throw invalidParams('Method does not support commitment below `confirmed`');
      }
      checkCommitment(config);
      const record = chain.getRecord(signature);
      if (!record) return null;
      if (config.commitment !== 'confirmed' && !chain.isFinalized(record)) return null;
      const maxVersion = config.maxSupportedTransactionVersion;
      if (record.tx.message.version === 0 && (maxVersion === undefined || maxVersion === null)) {
        throw new RpcError(
          RPC_UNSUPPORTED_TRANSACTION_VERSION,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      return formatTransaction(record, config.encoding);
    },
    requestAirdrop: async (params) => {
      const address = readAddress(params, 0);
      const amount = readU64(params, 1, 'lamports');
      context(readConfig(params, 2));
      return faucet.airdrop(address, amount);
    },
    // Non-standard, for tests: moves the slot clock forward so blockhashes expire without waiting.
    devnet_advanceSlots: (params) => {
      const n = readU64(params, 0, 'a slot count');
      return chain.advanceSlots(n);
    },
  };
}
