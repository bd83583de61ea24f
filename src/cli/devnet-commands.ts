// `wallet-api devnet fund` and `wallet-api devnet info`: talk to the development network of a data
// directory over RPC, whether the server runs in this process or another. The development network's
// package is loaded only when one of these commands runs.
import type { DevnetInfo } from '@wallet-api/devnet';
import type { Command } from 'commander';

type DevnetChain = 'evm-localnet' | 'solana-localnet';
const CHAINS: readonly DevnetChain[] = ['evm-localnet', 'solana-localnet'];

async function requireDevnet(dataDir: string): Promise<DevnetInfo> {
  const { readDevnetInfo } = await import('@wallet-api/devnet');
  const info = readDevnetInfo(dataDir);
  if (!info) {
    throw new Error(
      `no development network is running for data directory ${dataDir} (start it with npm start)`,
    );
  }
  return info;
}

/** The most whole units one `devnet fund` moves: far more than any test needs, and within u64 base units. */
export const MAX_FUND_UNITS = 1_000_000_000n;

/**
 * "1.5" with 6 decimals -> 1500000n. `--amount` is in whole units (the API takes base units);
 * refuses more fractional digits than the asset has, and more than MAX_FUND_UNITS, with one clear line.
 */
export function parseUnits(text: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match)
    throw new Error(
      `--amount must be a positive decimal number of whole units (e.g. 1.5), got "${text.slice(0, 64)}"`,
    );
  const [, whole = '0', frac = ''] = match;
  if (frac.length > decimals) throw new Error(`--amount has more than ${decimals} decimals`);
  if (BigInt(whole) > MAX_FUND_UNITS || (BigInt(whole) === MAX_FUND_UNITS && /[1-9]/.test(frac)))
    throw new Error(
      `--amount is in whole units (ETH, SOL or tokens, not base units) and at most ${MAX_FUND_UNITS} per call, got ${text.slice(0, 64)}`,
    );
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  if (value === 0n) throw new Error('--amount must be greater than zero');
  return value;
}

async function assetOf(info: DevnetInfo, chain: DevnetChain, token: string | undefined) {
  if (!token)
    return chain === 'evm-localnet' ? { symbol: 'ETH', decimals: 18 } : { symbol: 'SOL', decimals: 9 };
  const { resolveDevnetToken } = await import('@wallet-api/devnet');
  const address = resolveDevnetToken(info, chain, token);
  const known = [
    info.evm.testToken,
    ...(info.evm.secondToken ? [info.evm.secondToken] : []),
    info.solana.splMint,
    info.solana.token2022Mint,
  ].find((t) => t.address === address);
  if (known) return { address, symbol: known.symbol, decimals: known.decimals };
  const decimals =
    chain === 'evm-localnet'
      ? await (await import('@wallet-api/devnet/evm/fund')).evmTokenDecimals(info.evm.rpcUrl, address)
      : await solanaMintDecimals(info.solana.rpcUrl, address);
  return { address, symbol: address, decimals };
}

async function solanaMintDecimals(rpcUrl: string, mint: string): Promise<number> {
  const [{ solanaRpc }, { mintInfo }] = await Promise.all([
    import('@wallet-api/devnet/solana/client'),
    import('@wallet-api/devnet/solana/fund'),
  ]);
  return (await mintInfo(solanaRpc(rpcUrl), mint)).decimals;
}

function printInfo(info: DevnetInfo): void {
  const { evm, solana } = info;
  const lines = [
    `evm-localnet      ${evm.rpcUrl}  (chain id ${evm.chainId})`,
    `  test token      ${evm.testToken.symbol}  ${evm.testToken.address}  (${evm.testToken.decimals} decimals)`,
    `  multicall3      ${evm.multicall3}`,
    ...(evm.secondToken
      ? [
          `  second token    ${evm.secondToken.symbol}  ${evm.secondToken.address}  (${evm.secondToken.decimals} decimals)`,
          `  swap router     ${evm.swapRouter}  (pools ETH/TUSD, TUSD/TEUR, ETH/TEUR; the spender to approve)`,
        ]
      : []),
    `solana-localnet   ${solana.rpcUrl}  (chain id ${solana.chainId})`,
    `  SPL Token mint  ${solana.splMint.symbol}  ${solana.splMint.address}  (${solana.splMint.decimals} decimals)`,
    `  Token-2022 mint ${solana.token2022Mint.symbol}  ${solana.token2022Mint.address}  (${solana.token2022Mint.decimals} decimals)`,
    ...(solana.pools ?? []).map(
      (p) => `  pool ${p.pair.padEnd(10)} ${p.address}  (pool authority, co-signs swaps)`,
    ),
  ];
  if (info.aggregator)
    lines.push(
      `local aggregator  ${info.aggregator.url}`,
      `  1inch API       ${info.aggregator.oneinchApiUrl}  (paths /swap/v6.0/${evm.chainId}/...)`,
      `  Jupiter API     ${info.aggregator.jupiterApiUrl}  (paths /quote, /swap)`,
    );
  console.log(lines.join('\n'));
}

export function registerDevnetCommands(program: Command, getDataDir: () => string): void {
  const json = () => Boolean(program.opts().json);
  const devnet = program
    .command('devnet')
    .description('Local development network (evm-localnet, solana-localnet)');

  devnet
    .command('info')
    .description(
      'Print RPC URLs, test token addresses, mints, swap pools and local aggregator URLs of the running development network',
    )
    .action(async () => {
      const info = await requireDevnet(getDataDir());
      if (json()) console.log(JSON.stringify(info, null, 2));
      else printInfo(info);
    });

  devnet
    .command('fund')
    .description('Send native coins or mint test tokens to an address on the development network')
    .requiredOption('--chain <chain>', `${CHAINS.join(' or ')}`)
    .requiredOption('--address <address>', 'recipient address')
    .requiredOption('--amount <amount>', 'amount in whole units (ETH, SOL or tokens), for example 1.5')
    .option(
      '--token <token>',
      'token address, mint or test token symbol (TUSD, TEUR, TSPL, T22); native when absent',
    )
    .action(async (opts: { chain: string; address: string; amount: string; token?: string }) => {
      const chain = CHAINS.find((c) => c === opts.chain);
      if (!chain) throw new Error(`--chain must be ${CHAINS.join(' or ')}, got "${opts.chain}"`);
      const info = await requireDevnet(getDataDir());
      const asset = await assetOf(info, chain, opts.token);
      const amount = parseUnits(opts.amount, asset.decimals);
      const { fundAddress } = await import('@wallet-api/devnet');
      await fundAddress(info, {
        chain,
        address: opts.address,
        amount,
        ...(asset.address ? { token: asset.address } : {}),
      });
      if (json()) {
        console.log(
          JSON.stringify(
            {
              chain,
              address: opts.address,
              amount: amount.toString(),
              token: asset.address ?? null,
              symbol: asset.symbol,
            },
            null,
            2,
          ),
        );
      } else {
        console.log(`Funded ${opts.address} with ${opts.amount} ${asset.symbol} on ${chain}`);
      }
    });
}
