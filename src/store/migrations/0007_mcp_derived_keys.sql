-- The Idempotency-Keys the MCP tools derive for write calls made without one (src/mcp/derived-keys.ts),
-- kept here rather than in a process's memory: an agent's retry after a restart of the service, or
-- through another instance, is still a replay of its first call instead of a second payment.
-- `slot` is a SHA-256 of (API key identity, tool, canonical arguments): neither the API key nor the
-- arguments are stored. A key lasts a window from `first_at`; expired rows are deleted now and then.
create table mcp_derived_keys (
  slot text primary key,
  idempotency_key text not null,
  first_at timestamptz not null
);
create index mcp_derived_keys_first_at on mcp_derived_keys (first_at);
