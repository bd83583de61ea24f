-- The event log (issue 28): every change a user would care about, in order per user. An event is
-- written in the same database transaction as the change it reports (a rolled-back change emits
-- nothing, a committed one is never lost): transaction events by the trigger below, on every path
-- that changes a transaction's status, hash or stuck reason, today's and tomorrow's; other events
-- (api_key.*, webhook.test) by the statement that makes the change, through append_event.
create table events (
  id         text primary key,
  user_id    text not null references users (id) on delete cascade,
  -- 1, 2, 3 ... per user, in commit order: the user's head row is locked until the appending
  -- transaction ends, so a follower that read up to n never sees an event at or below n appear later
  sequence   bigint not null,
  type       text not null,
  -- what the event is about: a transaction, an API key or a webhook endpoint id
  subject    text,
  -- transaction events: { "transaction": <the row as the service reads it>, "previousStatus", and
  -- for transaction.replaced "replacement": { "oldHash", "newHash", "reason" } }, rendered into the
  -- Transaction resource when read; other events: their data as sent
  data       jsonb not null,
  created_at timestamptz not null
);
create unique index events_user_sequence_key on events (user_id, sequence);
create index events_user_type_idx on events (user_id, type, sequence);
-- one transaction's (or key's) timeline: the dashboard's transaction page
create index events_user_subject_idx on events (user_id, subject, sequence);

create table event_heads (
  user_id     text primary key references users (id) on delete cascade,
  sequence    bigint not null,
  -- the user's last transaction list position (below), counted under the same row lock
  tx_position bigint not null default 0
);

-- GET /tx pages newest first by a per-user position given in commit order, not by created_at or the
-- id (both fixed before the inserting transaction commits, so a transaction recorded earlier could
-- become visible after a later one was listed, and a keyset cursor would skip it). The position is
-- counted on the user's event_heads row, locked until the inserting transaction ends: whatever a
-- reader sees is always positions 1..n with none missing, and anything committed later comes after.
-- Transactions recorded before this migration keep their creation order below every new one.
alter table transactions add column list_position bigint;
update transactions t set list_position = -o.n
from (select id, row_number() over (partition by user_id order by created_at desc, id desc) as n
      from transactions) o
where o.id = t.id;
alter table transactions alter column list_position set not null;
create unique index transactions_user_position_key on transactions (user_id, list_position);
-- the `status` filter (a few SUBMITTED among many CONFIRMED)
create index transactions_user_status_idx on transactions (user_id, status, list_position);
-- the `from` filter (EVM addresses compared in lower case, as the chain family's addressKey does)
create index transactions_user_from_idx on transactions (user_id, lower(from_address), list_position);

create function transaction_list_position() returns trigger language plpgsql as $$
begin
  insert into event_heads (user_id, sequence, tx_position) values (NEW.user_id, 0, 1)
  on conflict (user_id) do update set tx_position = event_heads.tx_position + 1
  returning tx_position into NEW.list_position;
  return NEW;
end $$;

create trigger transactions_list_position before insert on transactions
  for each row execute function transaction_list_position();

-- Appends one event of a user and wakes the followers (NOTIFY is delivered at commit, never for a
-- rolled-back change). Returns the event id.
create function append_event(p_user text, p_type text, p_subject text, p_data jsonb, p_at timestamptz)
returns text language plpgsql as $$
declare
  seq bigint;
  event_id text := 'evt_' || replace(gen_random_uuid()::text, '-', '');
begin
  insert into event_heads (user_id, sequence) values (p_user, 1)
  on conflict (user_id) do update set sequence = event_heads.sequence + 1
  returning sequence into seq;
  insert into events (id, user_id, sequence, type, subject, data, created_at)
  values (event_id, p_user, seq, p_type, p_subject, p_data, p_at);
  perform pg_notify('wallet_api_events', p_user);
  return event_id;
end $$;

-- A transaction as the service reads it (transactions-repository.ts COLUMNS), without what is never
-- shown (the payload and the signed bytes): bigints as text, attempts in order. Called from an AFTER
-- trigger, which runs once the whole statement is done: it sees the attempt a sibling CTE inserted.
create function transaction_snapshot(t transactions) returns jsonb language sql stable as $$
  select jsonb_build_object(
    'id', t.id, 'user_id', t.user_id, 'wallet_id', t.wallet_id, 'chain', t.chain,
    'chain_type', t.chain_type, 'chain_id', t.chain_id, 'kind', t.kind,
    'from_address', t.from_address, 'to_address', t.to_address, 'value', t.value,
    'status', t.status, 'hash', t.hash, 'error', t.error, 'nonce', t.nonce::text,
    'details', t.details, 'stuck_reason', t.stuck_reason,
    'landed_block', t.landed_block::text, 'landed_block_hash', t.landed_block_hash,
    'attempts', (select coalesce(jsonb_agg(jsonb_build_object('attempt', a.attempt, 'hash', a.hash,
        'fees', a.fees, 'last_valid_block_height', a.last_valid_block_height::text,
        'created_at', a.created_at) order by a.attempt), '[]'::jsonb)
      from transaction_attempts a where a.transaction_id = t.id),
    'created_at', t.created_at, 'updated_at', t.updated_at)
$$;

create function transaction_events() returns trigger language plpgsql as $$
declare
  snap jsonb := transaction_snapshot(NEW);
  prev text := case when tg_op = 'INSERT' then null else OLD.status end;
  -- the service's clock where the change carries it, else the database's
  at timestamptz := case
    when tg_op = 'INSERT' then NEW.created_at
    when NEW.updated_at is distinct from OLD.updated_at then NEW.updated_at
    else now() end;
  body jsonb := jsonb_build_object('transaction', snap, 'previousStatus', prev);
begin
  if tg_op = 'INSERT' then
    perform append_event(NEW.user_id, 'transaction.created', NEW.id, body, at);
    return null;
  end if;
  if NEW.status is distinct from OLD.status then
    perform append_event(NEW.user_id,
      case
        when NEW.status = 'SUBMITTED' and OLD.status = 'CONFIRMED' then 'transaction.reorged'
        when NEW.status = 'SUBMITTED' then 'transaction.submitted'
        when NEW.status = 'CONFIRMED' then 'transaction.confirmed'
        when NEW.status = 'FAILED' then 'transaction.failed'
        else 'transaction.' || lower(NEW.status) end,
      NEW.id, body, at);
  end if;
  if OLD.hash is not null and NEW.hash is distinct from OLD.hash then
    perform append_event(NEW.user_id, 'transaction.replaced', NEW.id,
      body || jsonb_build_object('replacement', jsonb_build_object('oldHash', OLD.hash, 'newHash', NEW.hash,
        'reason', NEW.details ->> 'replacedBecause')), at);
  end if;
  if NEW.stuck_reason is not null and NEW.stuck_reason is distinct from OLD.stuck_reason
     and NEW.status in ('PENDING', 'SUBMITTED') then
    perform append_event(NEW.user_id, 'transaction.stuck', NEW.id, body, at);
  end if;
  return null;
end $$;

create trigger transactions_created_event after insert on transactions
  for each row execute function transaction_events();
-- Only changes a user would notice: the tracker's claims (next_check_at) and evidence notes emit nothing.
create trigger transactions_changed_event after update on transactions
  for each row
  when (OLD.status is distinct from NEW.status or OLD.hash is distinct from NEW.hash
        or OLD.stuck_reason is distinct from NEW.stuck_reason)
  execute function transaction_events();
