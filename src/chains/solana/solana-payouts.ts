// Solana payouts (issue 31): as many transfers as fit go into each transaction (1232 bytes, the
// compute budget), each transaction atomic for its transfers. SPL transfers to an owner without an
// associated token account create it first (create-idempotent, so a re-signed transaction after an
// expiry still works), then transferChecked. Every transaction carries a memo naming its record, so
// two payouts of the same transfers never share a signature. Re-signing after an expiry is the
// family's own (solana-family.ts replace: the same instructions under a fresh blockhash).
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionMessageSize,
  type Instruction,
  lamports,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import {
  estimateComputeUnitLimitFactory,
  getSetComputeUnitLimitInstruction,
  getSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { getAddMemoInstruction } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import type { TransactionRecord } from '../../domain/transactions.ts';
import { AppError } from '../../errors/app-error.ts';
import { attemptRequestKey, type Inspection } from '../chain-adapter.ts';
import type { Chain } from '../chain-registry.ts';
import type { PayoutOrder, PayoutTransfer, PayoutWriter, SignedPayoutTransaction } from '../payouts.ts';
import { evidenceOf, readAt, sighted } from '../read-evidence.ts';
import type { ChainClients } from '../rpc-clients.ts';
import { rpcError, type SolanaRpc } from '../rpc-clients.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './program-ids.ts';

const MEMO_V1_PROGRAM = address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo');
const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** The wire size limit of a transaction; the message is measured with room for its one signature. */
const SIZE_LIMIT = 1232;
const SIGNATURE_BYTES = 1 + 64;
const SIGNATURE_FEE = 5000n;
const MAX_COMPUTE_UNITS = 1_400_000;
/** Compute units per transfer when a simulation cannot say (generous: ATA creation included). */
const FALLBACK_UNITS_PER_TRANSFER = 60_000;
/** At most this many transfers per transaction, whatever fits: the compute budget's share. */
const MAX_TRANSFERS_PER_TX = 20;
const TOKEN_ACCOUNT_SIZE = 165n;
const READ_CHUNK = 100;
/** getSignatureStatuses takes at most 256 signatures a call. */
const STATUS_CHUNK = 256;

/**
 * Associated token accounts derived, by owner, mint and program: a derivation (a bump search of
 * SHA-256 and curve checks) costs milliseconds, and a payout derives each recipient's when it is
 * checked and again when its part is signed. Cleared whole when full (it only saves work).
 */
const derived = new Map<string, Address>();
const DERIVED_MAX = 50_000;
async function tokenAccountOf(owner: Address, mint: Address, tokenProgram: Address): Promise<Address> {
  const key = `${owner}:${mint}:${tokenProgram}`;
  const known = derived.get(key);
  if (known) return known;
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
  if (derived.size >= DERIVED_MAX) derived.clear();
  derived.set(key, ata);
  return ata;
}

type Account = { lamports: bigint; owner: Address; data: readonly [string, string] } | null;

interface Setting {
  from: Address;
  mint: Address | null;
  tokenProgram: Address | null;
  decimals: number;
  source: Address | null;
  lamportsHeld: bigint;
  tokensHeld: bigint;
  /** Per transfer: its recipient's token account and whether it must be created; or why it is refused. */
  recipients: Map<number, { ata: Address | null; create: boolean } | string>;
  rent: bigint;
  floor: bigint;
  computeUnitPrice: bigint;
}

const dataOf = (a: Account) => (a ? Buffer.from(a.data[0], 'base64') : Buffer.alloc(0));

/** The accounts, READ_CHUNK a call (the RPC's limit), the calls at once. */
async function accounts(rpc: SolanaRpc, list: Address[]): Promise<Account[]> {
  const chunks: Address[][] = [];
  for (let i = 0; i < list.length; i += READ_CHUNK) chunks.push(list.slice(i, i + READ_CHUNK));
  const read = await Promise.all(
    chunks.map((chunk) =>
      rpc.getMultipleAccounts(chunk, { encoding: 'base64', commitment: 'confirmed' }).send(),
    ),
  );
  return read.flatMap(({ value }) => value as Account[]);
}

export function solanaPayouts(deps: {
  clients: ChainClients;
  now: () => Date;
  priorityFeeCapMicroLamports: bigint;
}): PayoutWriter {
  /** Reads what a part of a payout needs. `strict`: a refused recipient is a 400 naming its index. */
  async function setting(
    chain: Chain,
    wallet: string,
    order: PayoutOrder,
    transfers: PayoutTransfer[],
    strict: boolean,
  ): Promise<Setting> {
    const rpc = deps.clients.solana(chain);
    const from = address(wallet);
    try {
      let mint: Address | null = null;
      let tokenProgram: Address | null = null;
      let decimals = 0;
      let source: Address | null = null;
      if (order.asset === 'token') {
        mint = address(order.token as string);
        const info = (await rpc.getAccountInfo(mint, { encoding: 'base64', commitment: 'confirmed' }).send())
          .value;
        if (!info || (info.owner !== TOKEN_PROGRAM_ADDRESS && info.owner !== TOKEN_2022_PROGRAM_ADDRESS))
          throw new AppError('INVALID_INPUT', `token: ${mint} is not an SPL Token or Token-2022 mint`, {
            details: [{ path: 'token', message: 'not a mint' }],
          });
        tokenProgram = info.owner;
        decimals = Buffer.from(info.data[0], 'base64')[44] ?? 0;
        source = await tokenAccountOf(from, mint, tokenProgram);
      }
      const owners = transfers.map((t) => address(t.to));
      const atas = mint
        ? await Promise.all(
            owners.map((owner) => tokenAccountOf(owner, mint as Address, tokenProgram as Address)),
          )
        : [];
      // One round of reads at once: the accounts (in chunks), rent, the fee market.
      const [[self, ...read], rent, floor, fees] = await Promise.all([
        accounts(rpc, [from, ...(source ? [source] : []), ...owners, ...atas]),
        mint ? rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send() : 0n,
        rpc.getMinimumBalanceForRentExemption(0n).send(),
        rpc.getRecentPrioritizationFees(source ? [from, source] : [from]).send(),
      ]);
      const sourceAccount = source ? read.shift() : null;
      const ownerAccounts = read.slice(0, owners.length);
      const ataAccounts = read.slice(owners.length);
      const recipients = new Map<number, { ata: Address | null; create: boolean } | string>();
      transfers.forEach((t, i) => {
        const owner = ownerAccounts[i] ?? null;
        let refusal: string | null = null;
        if (owner && (owner.owner === TOKEN_PROGRAM_ADDRESS || owner.owner === TOKEN_2022_PROGRAM_ADDRESS))
          refusal = `to: ${t.to} is a token program account (a mint or a token account), not a wallet: funds sent there would be lost`;
        else if (
          !mint &&
          t.amount > 0n &&
          dataOf(owner).length === 0 &&
          (owner?.lamports ?? 0n) + t.amount < floor
        )
          refusal = `amount: ${t.to} would hold ${(owner?.lamports ?? 0n) + t.amount} lamports, below Solana's rent-exempt minimum of ${floor}`;
        if (refusal !== null) {
          if (strict)
            throw new AppError('INVALID_INPUT', `items[${t.index}].${refusal}`, {
              details: [{ path: `items/${t.index}/${refusal.split(':')[0]}`, message: refusal }],
            });
          recipients.set(t.index, refusal);
          return;
        }
        recipients.set(t.index, { ata: atas[i] ?? null, create: mint !== null && !ataAccounts[i] });
      });
      const prices = fees
        .map((f) => BigInt(f.prioritizationFee))
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      const median = prices[Math.floor(prices.length / 2)] ?? 0n;
      return {
        from,
        mint,
        tokenProgram,
        decimals,
        source,
        lamportsHeld: self?.lamports ?? 0n,
        tokensHeld: sourceAccount ? dataOf(sourceAccount).readBigUInt64LE(64) : 0n,
        recipients,
        rent,
        floor,
        computeUnitPrice:
          median > deps.priorityFeeCapMicroLamports ? deps.priorityFeeCapMicroLamports : median,
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw rpcError(chain, err);
    }
  }

  /** The instructions of one transfer (creating the recipient's token account when it has none). */
  function transferInstructions(s: Setting, t: PayoutTransfer): Instruction[] {
    const signer = createNoopSigner(s.from);
    const r = s.recipients.get(t.index);
    if (!s.mint || !s.tokenProgram || !s.source || typeof r !== 'object' || !r.ata)
      return [
        getTransferSolInstruction({ source: signer, destination: address(t.to), amount: lamports(t.amount) }),
      ];
    return [
      ...(r.create
        ? [
            getCreateAssociatedTokenIdempotentInstruction({
              payer: signer,
              ata: r.ata,
              owner: address(t.to),
              mint: s.mint,
              tokenProgram: s.tokenProgram,
            }),
          ]
        : []),
      getTransferCheckedInstruction(
        {
          source: s.source,
          mint: s.mint,
          destination: r.ata,
          authority: signer,
          amount: t.amount,
          decimals: s.decimals,
        },
        { programAddress: s.tokenProgram },
      ),
    ];
  }

  type Latest = Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0];
  const messageOf = (from: Address, latest: Latest, instructions: Instruction[]) =>
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );

  /** The budget instructions' share of a transaction, measured with the largest values they take. */
  const budget = (units: number, price: bigint) => [
    getSetComputeUnitLimitInstruction({ units }),
    getSetComputeUnitPriceInstruction({ microLamports: price }),
  ];

  /**
   * Packs transfers into transactions, in order: each as full as its size allows (at most
   * MAX_TRANSFERS_PER_TX; a transfer alone goes alone whatever its size, and the chain says). The
   * count that fits is searched from the previous transaction's (they are mostly alike), so a
   * transaction costs about two message measurements rather than one per transfer it holds.
   */
  function pack(s: Setting, latest: Latest, transfers: PayoutTransfer[], memo: string) {
    const memoInstruction = getAddMemoInstruction({ memo }, { programAddress: MEMO_V1_PROGRAM });
    const own = transfers.map((t) => transferInstructions(s, t));
    const fits = (from: number, n: number) =>
      n === 1 ||
      SIGNATURE_BYTES +
        getTransactionMessageSize(
          messageOf(s.from, latest, [
            ...budget(MAX_COMPUTE_UNITS, 1n << 40n),
            ...own.slice(from, from + n).flat(),
            memoInstruction,
          ]),
        ) <=
        SIZE_LIMIT;
    const groups: { transfers: PayoutTransfer[]; instructions: Instruction[] }[] = [];
    let guess = MAX_TRANSFERS_PER_TX;
    for (let i = 0; i < transfers.length; ) {
      // The largest n in [1, top] that fits (fitting is monotone in n): n is in [lo, top].
      let lo = 1;
      let top = Math.min(MAX_TRANSFERS_PER_TX, transfers.length - i);
      const g = Math.min(guess, top);
      if (!fits(i, g)) top = g - 1;
      else if (g === top || !fits(i, g + 1)) top = lo = g;
      else lo = g + 1;
      while (lo < top) {
        const mid = (lo + top + 1) >> 1;
        if (fits(i, mid)) lo = mid;
        else top = mid - 1;
      }
      groups.push({ transfers: transfers.slice(i, i + lo), instructions: own.slice(i, i + lo).flat() });
      guess = lo;
      i += lo;
    }
    return groups;
  }

  /** The signatures a look reads: a confirmed one's landed signature only (as inspect). */
  const hashesOf = (tx: TransactionRecord): string[] =>
    tx.status === 'CONFIRMED' && tx.hash ? [tx.hash] : tx.attempts.map((a) => a.hash);

  return {
    /**
     * Every attempt's status of every transaction in one getSignatureStatuses call (256 at most a
     * call), rather than a slot read and a status read each. A status found without an error is
     * judged as solana-family.ts inspect judges it (sighted at the status read's slot; final at the
     * chain's commitment); a failed one, or none, is left to inspect (null).
     */
    async inspectLanded(chain, txs) {
      const rpc = deps.clients.solana(chain);
      const hashes = txs.flatMap(hashesOf);
      const found = new Map<
        string,
        { failed: boolean; slot: bigint; confirmed: boolean; finalized: boolean; at: bigint }
      >();
      try {
        for (let i = 0; i < hashes.length; i += STATUS_CHUNK) {
          const chunk = hashes.slice(i, i + STATUS_CHUNK);
          const read = await rpc
            .getSignatureStatuses(chunk as Signature[], { searchTransactionHistory: true })
            .send();
          read.value.forEach((status, j) => {
            if (status)
              found.set(chunk[j] as string, {
                failed: Boolean(status.err),
                slot: status.slot,
                confirmed: status.confirmationStatus === 'confirmed',
                finalized: status.confirmationStatus === 'finalized',
                at: read.context.slot,
              });
          });
        }
      } catch (err) {
        throw rpcError(chain, err);
      }
      return txs.map((tx): Inspection | null => {
        const hash = hashesOf(tx).find((h) => found.has(h));
        const status = hash === undefined ? undefined : found.get(hash);
        // The first attempt with a status decides, as in inspect; a failed one is inspect's to judge.
        if (hash === undefined || !status || status.failed) return null;
        return {
          kind: 'landed',
          hash,
          success: true,
          error: null,
          final: status.finalized || (chain.commitment === 'confirmed' && status.confirmed),
          block: status.slot,
          blockHash: null,
          evidence: sighted(readAt(evidenceOf(tx.details), status.at), {
            hash,
            block: status.slot,
            blockHash: null,
          }),
        };
      });
    },

    async quote(chain, wallet, order, transfers) {
      const s = await setting(chain, wallet.address, order, transfers, true);
      const latest = { blockhash: SYSTEM_PROGRAM, lastValidBlockHeight: 0n } as unknown as Latest;
      const groups = pack(s, latest, transfers, 'tx_00000000000000000000000000');
      let creates = 0n;
      for (const r of s.recipients.values()) if (typeof r === 'object' && r.create) creates += 1n;
      const perTx = SIGNATURE_FEE + (s.computeUnitPrice * BigInt(MAX_COMPUTE_UNITS) + 999_999n) / 1_000_000n;
      const fees = perTx * BigInt(groups.length) + creates * s.rent;
      const sum = transfers.reduce((a, t) => a + t.amount, 0n);
      return {
        nativeNeeded: (order.asset === 'native' ? sum : 0n) + fees,
        nativeHeld: s.lamportsHeld,
        tokenNeeded: order.asset === 'token' ? sum : 0n,
        tokenHeld: s.tokensHeld,
        fees,
        transactions: groups.length,
      };
    },

    async sign(chain, order, transfers, ctx) {
      const first = transfers[0];
      if (!first) return { signed: [], unsigned: [] };
      const wallet = ctx.signerFor(first.transactionId).wallet;
      const rpc = deps.clients.solana(chain);
      // Read a little more than the limit asks: the last transaction is filled to its size.
      const part = transfers.slice(0, ctx.limit);
      let s: Setting;
      let latest: Latest;
      try {
        [s, latest] = await Promise.all([
          setting(chain, wallet.address, order, part, false),
          rpc
            .getLatestBlockhash({ commitment: 'confirmed' })
            .send()
            .then((r) => r.value),
        ]);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw rpcError(chain, err);
      }
      const unsigned = part
        .filter((t) => typeof s.recipients.get(t.index) === 'string')
        .map((t) => ({ index: t.index, error: s.recipients.get(t.index) as string }));
      const sendable = part.filter((t) => typeof s.recipients.get(t.index) !== 'string');
      const groups = pack(s, latest, sendable, first.transactionId);
      const estimate = estimateComputeUnitLimitFactory({ rpc });
      const signed = await Promise.all(
        groups.map(async (g): Promise<SignedPayoutTransaction> => {
          const id = (g.transfers[0] as (typeof transfers)[number]).transactionId;
          const memo = getAddMemoInstruction({ memo: id }, { programAddress: MEMO_V1_PROGRAM });
          const body = [...g.instructions, memo];
          let units: number;
          try {
            units = Math.min(
              MAX_COMPUTE_UNITS,
              Math.ceil((await estimate(messageOf(s.from, latest, body))) * 1.2) + 300,
            );
          } catch {
            // A simulation that fails (funds moved meanwhile) is not a verdict: the chain gives one.
            units = Math.min(MAX_COMPUTE_UNITS, FALLBACK_UNITS_PER_TRANSFER * g.transfers.length + 20_000);
          }
          const transaction = compileTransaction(
            messageOf(s.from, latest, [...budget(units, s.computeUnitPrice), ...body]),
          );
          const signer = ctx.signerFor(id);
          const signature = await signer.provider.signSolanaTransaction(signer.wallet, transaction, {
            requestKey: attemptRequestKey(signer, 1),
          });
          const full = { ...transaction, signatures: { ...transaction.signatures, [s.from]: signature } };
          const total = g.transfers.reduce((a, t) => a + t.amount, 0n);
          return {
            id,
            indexes: g.transfers.map((t) => t.index),
            to: s.mint ?? SYSTEM_PROGRAM,
            value: s.mint ? 0n : total,
            details: {
              asset: s.mint ? 'spl' : 'native',
              amount: total.toString(),
              ...(s.mint ? { token: s.mint } : {}),
              transfers: String(g.transfers.length),
              recipients: g.transfers.map((t) => t.to).join(','),
            },
            signed: {
              attempt: {
                attempt: 1,
                hash: getSignatureFromTransaction(full),
                signedTx: getBase64EncodedWireTransaction(full),
                fees: { computeUnitPrice: s.computeUnitPrice.toString() },
                lastValidBlockHeight: latest.lastValidBlockHeight,
                createdAt: deps.now(),
              },
              nonce: null,
              payload: { resignable: true },
            },
          };
        }),
      );
      return { signed, unsigned };
    },
  };
}
