// Hardhat network settings for the local EVM development network (chain `evm-localnet`).
// The node is started by src/devnet/evm/node-child.ts; nothing here is compiled by Hardhat
// (contracts are compiled by scripts/compile-contracts.ts).
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      loggingEnabled: false,
      mining: { auto: true, interval: 0 },
    },
  },
  paths: {
    // Keep Hardhat from creating folders beside this file.
    cache: '../../../node_modules/.cache/wallet-api-hardhat',
    artifacts: '../../../node_modules/.cache/wallet-api-hardhat/artifacts',
  },
};
