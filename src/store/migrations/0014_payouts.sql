-- Payouts (issue 31): many transfers from one wallet in one request. The payout and every item are
-- recorded (with the request's Idempotency-Key settled) before anything is signed; a runner claims
-- a payout with a lease (run_after, FOR UPDATE SKIP LOCKED) and signs the items still without a
-- transaction in parts, under the wallet's lock. An item is linked to its transaction in the
-- statement that records the transaction, and only while it has none: no item is signed twice.
create table payouts (
  id           text primary key,
  user_id      text not null references users (id) on delete cascade,
  wallet_id    text not null,
  chain        text not null,
  chain_type   text not null,
  asset        text not null check (asset in ('native', 'erc20', 'spl')),
  token        text,
  from_address text not null,
  status       text not null check (status in ('processing', 'completed', 'completed_with_failures')),
  item_count   integer not null,
  total        numeric(78, 0) not null,
  -- worst-case fees the payout was checked against (native units, with rent of accounts it creates)
  fee_estimate numeric(78, 0) not null,
  api_key_id   text,
  -- when a runner may claim it next (its lease runs until then); null once every item is signed
  run_after    timestamptz,
  created_at   timestamptz not null,
  updated_at   timestamptz not null,
  completed_at timestamptz
);
create index payouts_user_created_idx on payouts (user_id, created_at desc, id desc);
create index payouts_run_after_idx on payouts (run_after) where run_after is not null;
create index payouts_processing_idx on payouts (created_at) where status = 'processing';

create table payout_items (
  payout_id      text not null references payouts (id) on delete cascade,
  item_index     integer not null,
  to_address     text not null,
  amount         numeric(78, 0) not null check (amount >= 0),
  reference      text,
  -- the id reserved for the item's transaction when the payout was recorded (its key spend counts
  -- against it); EVM records the item's transaction under it, Solana names each transaction after
  -- its first item
  planned_id     text not null,
  -- the chain transaction carrying the item (several items may share one on Solana)
  transaction_id text references transactions (id),
  -- why the item was not signed when its turn came (its checks failed then): FAILED without a transaction
  error          text,
  primary key (payout_id, item_index)
);
create index payout_items_transaction_idx on payout_items (transaction_id) where transaction_id is not null;
create unique index payout_items_reference_key on payout_items (payout_id, reference) where reference is not null;
