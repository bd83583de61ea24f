// The names other programs give a chain's native coin, defined once for every layer that meets them
// (the chain families, the key policies, the swap aggregators, the dashboard).

/** Solana's wrapped SOL mint: Jupiter's name for SOL, and the same asset as SOL for key limits. */
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';

/** The EVM aggregators' placeholder for the native coin (1inch; compare in lower case). */
export const EVM_NATIVE_TOKEN = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';
