// The EVM ChainFamily (viem): every EVM rule of the write path, the tracker, trading and balances
// lives here or in the modules beside it (evm-rules.ts for what reads no chain, evm-inspection.ts for
// how a transaction stands on chain, evm-signing.ts for signing an attempt and replacing one).
import { erc20Abi, getAddress, type Hex } from 'viem';
import { EVM_NATIVE_TOKEN } from '../../domain/native-aliases.ts';
import type { AttemptRecord } from '../../domain/transactions.ts';
import type { WalletRecord } from '../../domain/wallets.ts';
import { AppError } from '../../errors/app-error.ts';
import type { BroadcastOutcome, SignedWrite } from '../chain-adapter.ts';
import type { ChainFamily, CheckedWrite, PreparedWrite } from '../chain-family.ts';
import type { Chain } from '../chain-registry.ts';
import { type ChainClients, rpcError } from '../rpc-clients.ts';
import { evmBalanceReader } from './evm-balances.ts';
import { feeCapOf, initialFees } from './evm-fees.ts';
import { inspectEvmTransaction } from './evm-inspection.ts';
import { market, settled } from './evm-market.ts';
import { classifyEvmBroadcastError, isTransportFailure } from './evm-outcomes.ts';
import { evmPayouts } from './evm-payouts.ts';
import {
  type EvmPrepared,
  type EvmWrite,
  evmApprove,
  evmContract,
  evmRules,
  evmSend,
  evmSwap,
} from './evm-rules.ts';
import { type EvmPayload, evmPayloadOf, evmSigning, PLAIN_TRANSFER_GAS } from './evm-signing.ts';
import { simulateEvmCall } from './evm-simulation.ts';
import { nextNonce } from './nonce-rules.ts';
import { revertText } from './revert-reasons.ts';
import { evmSwapRefusal } from './swap-checks.ts';
import { refuseTokenRecipient } from './token-recipient.ts';

/** The keyword a trade names the native coin with (any case). */
const isNativeKeyword = (raw: string) => raw.trim().toUpperCase() === 'NATIVE';

export function evmFamily(deps: { clients: ChainClients; now: () => Date }): ChainFamily<EvmPayload> {
  const { sign, replace, replaceByCaller } = evmSigning(deps);

  async function broadcast(chain: Chain, attempt: AttemptRecord): Promise<BroadcastOutcome> {
    try {
      await deps.clients
        .evmSingle(chain)
        .sendRawTransaction({ serializedTransaction: attempt.signedTx as Hex });
      return { kind: 'accepted' };
    } catch (err) {
      return classifyEvmBroadcastError(err);
    }
  }

  /**
   * The checks of a write, reads only. One JSON-RPC batch reads what they need: balances, the
   * token's code, the latest block, the tip, the pending nonce, and the gas estimate when no value
   * moves. With a value, the balance is checked before estimating (a node asked to estimate an
   * unaffordable value may fail badly), and a plain transfer to an account without code needs no
   * estimate at all.
   */
  async function check(chain: Chain, intent: EvmWrite, wallet: WalletRecord): Promise<CheckedWrite> {
    const client = deps.clients.evm(chain);
    const from = getAddress(wallet.address);
    const { call } = intent;
    const estimate = () =>
      client.estimateGas({ account: from, to: call.to, data: call.data, value: call.value });
    const token = intent.erc20 ?? intent.tokenSpend?.token;
    // Whose code is read: a send's recipient (never a token contract), or a native payee.
    const { recipient } = intent;
    const codeOf = recipient ?? (call.value > 0n && !call.data ? call.to : null);
    const [balance, tokenBalance, tokenCode, toCode, feeMarket, pendingNonce, early] =
      await Promise.allSettled([
        client.getBalance({ address: from }),
        token
          ? client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from] })
          : null,
        token ? client.getCode({ address: token }) : null,
        codeOf ? client.getCode({ address: codeOf }) : null,
        market(client, chain),
        client.getTransactionCount({ address: from, blockTag: 'pending' }).then(BigInt),
        call.value === 0n ? estimate() : null,
      ]);
    const held = settled(balance, chain);
    await refuseTokenRecipient(client, chain, intent, recipient, recipient && settled(toCode, chain));
    if (token) {
      const code = settled(tokenCode, chain);
      if (!code || code === '0x')
        throw new AppError(
          'INVALID_INPUT',
          `token: ${token} is not an ERC20 contract (no code at that address)`,
          {
            details: [{ path: 'token', message: 'not an ERC20 contract' }],
          },
        );
      if (tokenBalance.status === 'rejected') {
        if (isTransportFailure(tokenBalance.reason)) throw rpcError(chain, tokenBalance.reason);
        throw new AppError('INVALID_INPUT', `token: ${token} is not an ERC20 contract (balanceOf failed)`, {
          details: [{ path: 'token', message: 'not an ERC20 contract' }],
          cause: tokenBalance.reason,
        });
      }
    }
    if (intent.tokenSpend && (settled(tokenBalance, chain) ?? 0n) < intent.tokenSpend.amount)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from} holds ${settled(tokenBalance, chain) ?? 0n} of token ${intent.tokenSpend.token}, needs ${intent.tokenSpend.amount}`,
      );
    if (held < call.value)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from} holds ${held} wei, needs ${call.value} plus the fee`,
      );
    const m = settled(feeMarket, chain);
    let gas: bigint;
    const plainTransfer = call.value > 0n && !call.data && (settled(toCode, chain) ?? '0x') === '0x';
    if (plainTransfer) gas = PLAIN_TRANSFER_GAS;
    else {
      const estimated =
        early.status === 'fulfilled' && early.value !== null
          ? early
          : await estimate().then(
              (value) => ({ status: 'fulfilled' as const, value }),
              (reason: unknown) => ({ status: 'rejected' as const, reason }),
            );
      if (estimated.status === 'rejected') {
        if (isTransportFailure(estimated.reason)) throw rpcError(chain, estimated.reason);
        throw new AppError('INVALID_INPUT', `The transaction would fail: ${revertText(estimated.reason)}`, {
          cause: estimated.reason,
        });
      }
      // 20% headroom: state can move between the estimate and inclusion.
      gas = ((estimated.value as bigint) * 12n) / 10n;
    }
    const fees = initialFees(m, chain.maxFeePerGas);
    const maxFee = gas * feeCapOf(fees);
    if (held < call.value + maxFee)
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        `Wallet ${from} holds ${held} wei, needs ${call.value + maxFee} (value ${call.value} + fee up to ${maxFee})`,
      );
    const pending = settled(pendingNonce, chain);
    const payload: EvmPayload = {
      to: call.to,
      ...(call.data ? { data: call.data } : {}),
      value: call.value.toString(),
      gas: gas.toString(),
    };
    return {
      async sign(signer, highestRecorded): Promise<SignedWrite> {
        // Our records' highest nonce is read under the wallet's lock, so sends through the service
        // never collide (nonce-rules.ts).
        const nonce = nextNonce(pending, highestRecorded);
        const attempt = await sign(chain, signer, 1, payload, nonce, fees);
        return { attempt, nonce, payload: { ...payload, freeAt: m.blockNumber.toString() } };
      },
    };
  }

  /**
   * A token of a trade: NATIVE (any case) is the 1inch placeholder, an address is checksummed; its
   * allowance matters unless it is the placeholder, however it was written.
   */
  function tradeToken(field: string, raw: string) {
    if (isNativeKeyword(raw)) return { token: EVM_NATIVE_TOKEN, approvalToken: null };
    const token = evmRules.parseAddress(field, raw);
    return { token, approvalToken: token.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase() ? null : token };
  }

  /** A prepared write bound to these checks: the use cases hold it without seeing the EVM write. */
  const bound = (p: EvmPrepared): PreparedWrite => {
    const { write, ...shown } = p;
    return {
      ...shown,
      check: ({ wallet }) => check(p.chain, write, wallet),
      simulate: ({ wallet }) =>
        simulateEvmCall({
          client: deps.clients.evm(p.chain),
          chain: p.chain,
          from: getAddress(wallet.address),
          call: write.call,
          market: () => market(deps.clients.evm(p.chain), p.chain),
        }),
    };
  };

  async function allowance(chain: Chain, token: string, owner: string, spender: string): Promise<bigint> {
    try {
      return await deps.clients.evm(chain).readContract({
        address: getAddress(token),
        abi: erc20Abi,
        functionName: 'allowance',
        args: [getAddress(owner), getAddress(spender)],
      });
    } catch (err) {
      throw rpcError(chain, err);
    }
  }

  return {
    ...evmRules,
    balances: evmBalanceReader({ clients: deps.clients }),
    payouts: evmPayouts(deps),
    send: (chain, body) => bound(evmSend(chain, body)),
    approve: (chain, body) => bound(evmApprove(chain, body)),
    contract: (chain, body) => bound(evmContract(chain, body)),
    swap(chain, built, { req, wallet, details }) {
      if (built.chainType !== 'ethereum')
        throw new AppError('INTERNAL_ERROR', 'aggregator answered for the wrong chain type');
      const { approvalToken } = tradeToken('fromToken', req.fromToken);
      const erc20In = approvalToken === null ? null : getAddress(approvalToken);
      return bound(evmSwap(chain, built, { req, erc20In, wallet, details }));
    },

    tradeToken,
    isNativeTradeToken: (token) => token.toLowerCase() === EVM_NATIVE_TOKEN.toLowerCase(),
    noTradingReason: '1inch serves mainnets only, no testnets',

    /**
     * An EVM swap must call the aggregator's router (the spender it names) with the trade asked for
     * (receiver, input, amount, output, least return): swap-checks.ts.
     */
    async swapRefusal(aggregator, built, asked) {
      if (built.chainType !== 'ethereum') return 'it is not an EVM transaction';
      const { req } = asked;
      const router = await aggregator.spender(req.chain);
      if (router && built.tx.to.toLowerCase() !== router.toLowerCase())
        return `it calls ${built.tx.to}, not ${aggregator.name}'s router ${router}`;
      return evmSwapRefusal(built.tx.data, {
        wallet: getAddress(asked.wallet),
        fromToken: req.fromToken,
        toToken: req.toToken,
        amount: req.amount,
        dstAmount: built.dstAmount,
        slippage: asked.slippage,
        allowUnknownMethods: asked.allowUnknownMethods,
      });
    },

    allowance,
    payloadOf: evmPayloadOf,

    broadcast,

    /** Whichever attempt landed, or what a transaction not found needs next: evm-inspection.ts. */
    inspect: (chain, tx) => inspectEvmTransaction({ ...deps, broadcast }, chain, tx),

    async health(chain) {
      const block = await deps.clients.evm(chain).getBlock({ blockTag: 'latest' });
      return {
        latestBlock: block.number.toString(),
        latestBlockAgeSeconds: Math.max(0, Math.round(deps.now().getTime() / 1000 - Number(block.timestamp))),
      };
    },

    /** A caller's speed-up or cancel, and the tracker's fee bump: evm-signing.ts. */
    replaceByCaller,
    replace,
  };
}
