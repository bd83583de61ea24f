// What the LiteSVM ledger stores and reports, shared by the ledger (chain.ts) and the simulation
// (simulate.ts), so that neither imports the other's module for a type.

export interface StoredAccount {
  address: string;
  lamports: bigint;
  owner: string;
  executable: boolean;
  data: Uint8Array;
}

/** The inner (CPI) instructions of one instruction of a transaction, as getTransaction shows them. */
export interface InnerInstructionSet {
  index: number;
  instructions: Array<{ programIdIndex: number; accounts: number[]; data: string; stackHeight: number }>;
}
