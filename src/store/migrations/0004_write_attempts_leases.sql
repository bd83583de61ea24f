-- The write path under real-chain faults (issue 10).
--
-- Every signed version of a transaction is kept: the first signature, fee replacements (EVM, same
-- nonce) and re-signs after a proven blockhash expiry (Solana). Any of them may be the one that lands,
-- so each is looked for until the transaction is final.
create table transaction_attempts (
  transaction_id          text not null references transactions (id) on delete cascade,
  -- 1 for the first signature, then 2, 3, … in signing order
  attempt                 integer not null,
  hash                    text not null,
  signed_tx               text not null,
  -- EVM: maxFeePerGas and maxPriorityFeePerGas, or gasPrice; Solana: computeUnitPrice (decimal strings)
  fees                    jsonb not null default '{}'::jsonb,
  -- Solana: the last block height at which this attempt's blockhash is valid
  last_valid_block_height bigint,
  created_at              timestamptz not null,
  primary key (transaction_id, attempt)
);
-- Not unique: an EVM transaction refused at its only broadcast gives its nonce back, and the next
-- identical intent then signs the very same bytes (deterministic signatures). Two live intents never
-- share one: EVM nonces differ, and Solana transfers carry their transaction id in a memo.
create index transaction_attempts_hash_idx on transaction_attempts (hash);

insert into transaction_attempts (transaction_id, attempt, hash, signed_tx, last_valid_block_height, created_at)
  select id, 1, hash, signed_tx, last_valid_block_height, created_at
  from transactions where signed_tx is not null and hash is not null;

drop index transactions_chain_hash_key;
drop index transactions_tracking_idx;
alter table transactions
  drop column signed_tx,
  drop column last_valid_block_height,
  -- what re-signing needs (EVM: the call and gas limit; Solana: whether the wallet is the only signer)
  add column payload jsonb not null default '{}'::jsonb,
  -- why a SUBMITTED transaction is not moving (fee cap reached, funds for the fee), or null
  add column stuck_reason text,
  -- where the landed attempt was included: EVM block number and hash, Solana slot; a reorg is noticed
  -- when that block is no longer the chain's block at that height
  add column landed_block bigint,
  add column landed_block_hash text;
-- The tracker also watches CONFIRMED transactions for a while (reorgs): anything with a next check.
create index transactions_tracking_idx on transactions (next_check_at) where next_check_at is not null;

-- A request holds its key through a lease it renews while it runs (waiting for a wallet lock too):
-- only a key whose lease ran out belongs to a request that died. The claim token tells the request
-- that claimed the key from any later one.
alter table idempotency_keys
  add column lease_until   timestamptz,
  add column claim_token   text,
  add column error_code    text,
  add column error_message text;

-- Check values of the secrets the stored data was made with (an HMAC of a constant under each secret),
-- so a server started with other secrets (a lost secrets.json, a wrong MASTER_KEY) refuses to start
-- instead of answering 401 to every key and failing every signature.
create table secret_checks (
  name  text primary key,
  value text not null
);

-- A dashboard session's one-time message to its next page (the API key just created, shown once after
-- a redirect, so a reload never creates a second key). Encrypted under a key derived from the
-- session's cookie token, which the database does not hold: readable by that browser alone.
alter table dashboard_sessions
  add column flash            text,
  add column flash_expires_at timestamptz;
