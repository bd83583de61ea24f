-- Users, their API keys (stored as keyed hashes only) and their wallets.
create table users (
  id            text primary key,
  email         text not null,
  password_hash text,
  created_at    timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

create table api_keys (
  id           text primary key,
  user_id      text not null references users (id) on delete cascade,
  name         text not null,
  -- the 4-character lookup prefix of wak_<prefix>_<random>; not unique, candidates are compared by hash
  prefix       text not null,
  -- HMAC-SHA-256(API_KEY_SECRET, full key): the plaintext is never stored
  key_hash     bytea not null,
  created_at   timestamptz not null,
  expires_at   timestamptz,
  revoked_at   timestamptz,
  last_used_at timestamptz
);
create index api_keys_prefix_idx on api_keys (prefix);
create unique index api_keys_hash_key on api_keys (key_hash);
create index api_keys_user_idx on api_keys (user_id, created_at);

create table wallets (
  id                 text primary key,
  user_id            text not null references users (id) on delete cascade,
  chain_type         text not null check (chain_type in ('ethereum', 'solana')),
  -- as displayed: EIP-55 checksummed on EVM, base58 on Solana
  address            text not null,
  -- lookup form: lower-case on EVM (addresses compare case-insensitively), as is on Solana
  address_key        text not null,
  provider_type      text not null,
  client_type        text not null,
  provider_wallet_id text,
  is_default         boolean not null default false,
  automation_enabled boolean not null default false,
  created_at         timestamptz not null
);
create unique index wallets_address_key on wallets (chain_type, address_key);
create unique index wallets_one_default_per_type on wallets (user_id, chain_type) where is_default;
create index wallets_user_idx on wallets (user_id, created_at);

-- Private keys of the local signer, AES-256-GCM encrypted under the master key.
create table local_wallet_keys (
  wallet_id  text primary key references wallets (id) on delete cascade,
  ciphertext bytea not null,
  iv         bytea not null,
  auth_tag   bytea not null,
  -- fingerprint of the master key that encrypted it, so a wrong key is reported, not silently used
  key_id     text not null
);
