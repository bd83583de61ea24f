-- What each API key may do: scopes, chains, spend limits and allowlists, chosen at creation and
-- never changed (src/app/key-policies.ts). '{}' is a key from before policies: unrestricted.
alter table api_keys add column policy jsonb not null default '{}'::jsonb;

-- What each key has moved, for its rolling 24-hour limits. A row is written, under a per-key
-- advisory lock, before its write is signed; it is deleted when the write ends with nothing sent,
-- and stops counting when its transaction is FAILED without having landed on chain.
create table api_key_spend (
  id text primary key,
  key_id text not null references api_keys (id),
  chain text not null,
  asset text not null,
  amount numeric(78, 0) not null check (amount >= 0),
  transaction_id text not null,
  created_at timestamptz not null
);
create index api_key_spend_window on api_key_spend (key_id, chain, asset, created_at);
create index api_key_spend_transaction on api_key_spend (transaction_id);
