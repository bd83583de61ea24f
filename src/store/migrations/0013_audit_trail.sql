-- The audit trail (src/app/audit/): who did what, with which key, when, from where. A hash chain:
-- each entry's `hash` is SHA-256(prev_hash bytes || UTF-8 of its canonical content, RFC 8785), and
-- `prev_hash` is the hash of the entry before it, so changing, removing or reordering an entry is
-- seen by `wallet-api audit verify`.
create table audit_entries (
  seq bigint primary key,
  id text not null unique,
  at timestamptz not null,
  -- Whose trail the entry is in (GET /api/v1/audit shows a user only theirs); null: no user
  -- (a failed sign-in with an unknown email).
  user_id text,
  actor_type text not null check (actor_type in ('user', 'key', 'session', 'operator', 'service')),
  actor_user_id text,
  actor_key_id text,
  actor_key_name text,
  actor_session_id text,
  action text not null,
  target_type text,
  target_id text,
  outcome text not null check (outcome in ('succeeded', 'failed', 'refused')),
  request_id text,
  client_address text,
  details jsonb not null default '{}'::jsonb,
  prev_hash text not null,
  hash text not null
);
create index audit_entries_user on audit_entries (user_id, seq desc);
create index audit_entries_at on audit_entries (at);

-- The chain's head, one row. Every append updates it in the statement that inserts the entry
-- (`prev_hash = hash, hash = sha256(...)`), so its row lock serializes appends across every
-- instance until the appending transaction commits: the chain stays linear under concurrency.
-- `prev_hash` is the head's hash before the last append (SET reads the row's old values), which
-- that append's entry carries.
-- `pruned_*` is the checkpoint of what retention removed: the last removed entry's seq and hash,
-- which the oldest kept entry's prev_hash must equal.
create table audit_chain (
  id integer primary key check (id = 1),
  seq bigint not null,
  prev_hash text not null,
  hash text not null,
  pruned_seq bigint not null default 0,
  pruned_hash text not null
);
insert into audit_chain (id, seq, prev_hash, hash, pruned_seq, pruned_hash)
values (1, 0, repeat('0', 64), repeat('0', 64), 0, repeat('0', 64));

-- Entries are never changed: an UPDATE is refused whoever runs it (only a superuser disabling the
-- trigger gets past, and `audit verify` then names the entry changed).
create function audit_entries_refuse_update() returns trigger language plpgsql as $$
begin
  raise exception 'audit entries are never updated' using errcode = '42501';
end;
$$;
create trigger audit_entries_no_update before update on audit_entries
  for each row execute function audit_entries_refuse_update();
