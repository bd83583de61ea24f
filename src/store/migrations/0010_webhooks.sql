-- Webhook endpoints and their deliveries (issue 28). A delivery row is written by the database in
-- the transaction that appends the event (the trigger below), so a rolled-back change delivers
-- nothing and a committed one cannot be forgotten by a process that dies before sending it.
create table webhook_endpoints (
  id              text primary key,
  user_id         text not null references users (id) on delete cascade,
  url             text not null,
  -- the event types delivered (null: every type)
  types           text[],
  description     text,
  -- the signing secret, AES-256-GCM under the master key ({ iv, tag, data, keyId }, base64)
  secret          jsonb not null,
  -- after a rotation: the old secret, which keeps signing beside the new one until previous_until
  previous_secret jsonb,
  previous_until  timestamptz,
  created_at      timestamptz not null,
  -- the first failure since the last success (null: the last attempt succeeded, or none yet)
  failing_since   timestamptz,
  disabled_at     timestamptz,
  disabled_reason text
);
create index webhook_endpoints_user_idx on webhook_endpoints (user_id, created_at, id);

-- One row per (endpoint, event): pending until a 2xx, or failed once the retry schedule is used up.
create table webhook_deliveries (
  endpoint_id     text not null references webhook_endpoints (id) on delete cascade,
  event_id        text not null references events (id) on delete cascade,
  user_id         text not null,
  event_type      text not null,
  event_sequence  bigint not null,
  status          text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  -- attempts made under the current schedule (a replay starts it again)
  step            integer not null default 0,
  -- when the next attempt is due; while an attempt runs, the end of its lease (a process that dies
  -- mid-attempt leaves it due again when the lease ends); null once done
  next_attempt_at timestamptz,
  created_at      timestamptz not null,
  completed_at    timestamptz,
  primary key (endpoint_id, event_id)
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at)
  where status = 'pending';
create index webhook_deliveries_exhausted_idx on webhook_deliveries (endpoint_id, completed_at)
  where status = 'failed';

-- Every attempt as the deliveries list shows it.
create table webhook_attempts (
  id              bigserial primary key,
  endpoint_id     text not null references webhook_endpoints (id) on delete cascade,
  event_id        text not null,
  event_type      text not null,
  attempted_at    timestamptz not null,
  status_code     integer,
  error           text,
  duration_ms     integer not null,
  -- the first bytes of the receiver's answer, trimmed
  response_body   text,
  next_attempt_at timestamptz
);
create index webhook_attempts_endpoint_idx on webhook_attempts (endpoint_id, id);

-- Fan-out: each active endpoint of the event's user whose types match gets a delivery, in the
-- statement that appends the event. A webhook.test event goes to the endpoint it names only. An
-- endpoint created later does not receive older events (a replay can send one).
create function webhook_fan_out() returns trigger language plpgsql as $$
begin
  insert into webhook_deliveries (endpoint_id, event_id, user_id, event_type, event_sequence,
                                  next_attempt_at, created_at)
  select e.id, NEW.id, NEW.user_id, NEW.type, NEW.sequence, NEW.created_at, NEW.created_at
  from webhook_endpoints e
  where e.user_id = NEW.user_id and e.disabled_at is null
    and (case when NEW.type = 'webhook.test' then e.id = NEW.subject
              else e.types is null or NEW.type = any (e.types) end);
  return null;
end $$;

create trigger events_webhook_fan_out after insert on events
  for each row execute function webhook_fan_out();

-- The `webhooks` scope is new: keys that had every scope before it existed (the unrestricted ones)
-- get it, as keys created without a choice do from now on; a key restricted to fewer scopes does not.
update api_keys set policy = jsonb_set(policy, '{scopes}', (policy -> 'scopes') || '["webhooks"]'::jsonb)
where policy ? 'scopes' and policy -> 'scopes' @> '["read", "write", "trade"]'::jsonb
  and not policy -> 'scopes' @> '["webhooks"]'::jsonb;
