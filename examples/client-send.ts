// Sends 1000 wei to 0x…dEaD from the default EVM wallet on the development network and waits for
// it to land, with the typed client. Against `npm start`:
//   WALLET_API_KEY=$(cat data/demo-api-key) node --import tsx examples/client-send.ts
import { createWalletApiClient, WalletApiError } from '@wallet-api/client';

const client = createWalletApiClient({
  baseUrl: process.env.WALLET_API_URL ?? 'http://127.0.0.1:8080',
  apiKey: process.env.WALLET_API_KEY ?? '',
});

try {
  const { submission, idempotencyKey } = await client.send({
    chain: 'evm-localnet',
    to: '0x000000000000000000000000000000000000dEaD',
    asset: 'native',
    amount: '1000', // base units (wei)
  });
  console.log(`submitted ${submission.id} (Idempotency-Key ${idempotencyKey})`);
  const tx = await client.waitForTransaction(submission.id);
  console.log(`${tx.status} ${tx.hash}${tx.error ? `: ${tx.error}` : ''}`);
} catch (err) {
  if (!(err instanceof WalletApiError)) throw err;
  console.error(`${err.code} (HTTP ${err.status}, request ${err.requestId}): ${err.message}`);
  process.exitCode = 1;
}
