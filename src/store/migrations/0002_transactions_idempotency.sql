-- Transactions the service created, and the idempotency records of the write endpoints.
create table transactions (
  id                      text primary key,
  user_id                 text not null references users (id) on delete cascade,
  wallet_id               text not null references wallets (id) on delete cascade,
  chain                   text not null,
  chain_type              text not null check (chain_type in ('ethereum', 'solana')),
  chain_id                integer not null,
  kind                    text not null check (kind in ('send', 'approve', 'contract', 'swap')),
  from_address            text not null,
  to_address              text not null,
  value                   text not null default '0',
  status                  text not null check (status in ('PENDING', 'SUBMITTED', 'CONFIRMED', 'FAILED')),
  hash                    text,
  error                   text,
  -- EVM: the nonce this transaction uses; null until one is allocated
  nonce                   bigint,
  -- Solana: the blockhash's last valid block height; past it, a transaction that has not landed never will
  last_valid_block_height bigint,
  -- the signed transaction, kept so a crash between signing and recording the broadcast can be reconciled
  signed_tx               text,
  -- what was asked: asset, token, amount, spender, data, swap route…
  details                 jsonb not null default '{}'::jsonb,
  created_at              timestamptz not null,
  updated_at              timestamptz not null,
  -- when the tracker should look at it next (null once final)
  next_check_at           timestamptz
);
create index transactions_user_idx on transactions (user_id, created_at desc, id desc);
create index transactions_tracking_idx on transactions (next_check_at) where status in ('PENDING', 'SUBMITTED');
create index transactions_wallet_nonce_idx on transactions (wallet_id, chain, nonce) where nonce is not null;
create unique index transactions_chain_hash_key on transactions (chain, hash) where hash is not null;

create table idempotency_keys (
  user_id         text not null references users (id) on delete cascade,
  -- the Idempotency-Key header, lower-cased canonical UUID
  key             text not null,
  path            text not null,
  -- SHA-256 of the canonical JSON body
  fingerprint     text not null,
  state           text not null check (state in ('in_progress', 'succeeded', 'failed')),
  transaction_id  text references transactions (id) on delete set null,
  response_status integer,
  -- the 200 body exactly as first sent, replayed byte for byte
  response_body   text,
  created_at      timestamptz not null,
  updated_at      timestamptz not null,
  primary key (user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
