-- Atomic EVM native payouts (issue 31): the items are packed into Multicall3 aggregate3Value calls,
-- each transaction atomic for its items. Recorded with the payout so a runner that takes it up
-- again (after a restart) packs the rest the same way.
alter table payouts add column atomic boolean not null default false;
