// Hardhat network settings for the local EVM development network (chain `evm-localnet`).
// The node is started by src/evm/node-child.ts; nothing here is compiled by Hardhat
// (contracts are compiled by scripts/compile-contracts.ts).
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      loggingEnabled: false,
      mining: { auto: true, interval: 0 },
      // Like a real node: a reverting transaction is mined with status 0 and its hash returned,
      // rather than eth_sendRawTransaction answering with an error.
      throwOnTransactionFailures: false,
    },
  },
  paths: {
    // Keep Hardhat from creating folders beside this file (node_modules/.cache of this package).
    cache: '../../node_modules/.cache/wallet-api-hardhat',
    artifacts: '../../node_modules/.cache/wallet-api-hardhat/artifacts',
  },
};
