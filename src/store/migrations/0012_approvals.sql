-- Writes recorded before they are signed (src/app/transactions/deferred-writes.ts), and the human
-- approvals that hold some of them (issue 30).
--
-- A deferred write is a PENDING transaction with no attempt and no nonce, plus what rebuilds it:
-- the endpoint and its validated request body. It is signed later, by exactly one instance: the
-- one that moves it from ready to executing (with a lease; a process that died lets the lease run
-- out) and whose claim token still holds when its signed attempt is recorded.
create table deferred_writes (
  transaction_id text primary key references transactions (id) on delete cascade,
  user_id        text not null references users (id) on delete cascade,
  -- the endpoint whose builder re-derives the write (/send, /token/approve, /contracts/send, /trade/swap)
  path           text not null,
  body           jsonb not null,
  -- held: waits for a decision; ready: to be executed; executing: claimed until lease_until;
  -- done: its signed attempt was recorded, or it ended FAILED without being signed
  state          text not null check (state in ('held', 'ready', 'executing', 'done')),
  lease_until    timestamptz,
  claim_token    text,
  created_at     timestamptz not null,
  updated_at     timestamptz not null
);
create index deferred_writes_due_idx on deferred_writes (updated_at) where state in ('ready', 'executing');

-- A write waiting for a person: decided once (approved, denied), or expired at expires_at.
create table approvals (
  id             text primary key,
  user_id        text not null references users (id) on delete cascade,
  transaction_id text not null unique references transactions (id) on delete cascade,
  -- the API key that asked for the write (a key never approves its own)
  api_key_id     text,
  api_key_name   text,
  -- which of the key's rules sent it here (human-readable, one per rule)
  reasons        jsonb not null default '[]'::jsonb,
  status         text not null check (status in ('required', 'approved', 'denied', 'expired')),
  expires_at     timestamptz not null,
  decided_at     timestamptz,
  -- who decided: an API key (id and name) or the dashboard's signed-in owner
  decided_by     text,
  reason         text,
  created_at     timestamptz not null
);
create index approvals_user_idx on approvals (user_id, created_at desc, id desc);
create index approvals_expiry_idx on approvals (expires_at) where status = 'required';
