-- Each wallet records the provider that holds its key (issue 32 item 2). A deployment lists and
-- uses only its own provider's wallets, so running the Privy demo on a data directory no longer
-- hides, unlinks or un-defaults the local signer's wallets, and switching back keeps both working.
alter table wallets add column provider text not null default 'local'
  check (provider in ('local', 'privy'));
-- Until now only the local signer stored keys here; every other wallet came from Privy.
update wallets set provider = 'privy'
  where not exists (select 1 from local_wallet_keys k where k.wallet_id = wallets.id);
alter table wallets alter column provider drop default;

-- One default per user, provider and chain type: each provider keeps its own defaults.
drop index wallets_one_default_per_type;
create unique index wallets_one_default_per_type on wallets (user_id, provider, chain_type) where is_default;

-- Repairs what a Privy sync of earlier versions did to local wallets of the same user: they were
-- marked unlinked (hidden) and lost their default. `linked` means nothing for the local signer.
-- Their automation, switched off by that sync, is not switched back on: a permission to move money
-- is not guessed (`wallet-api wallets automation --address A --on`).
update wallets set linked = true where provider = 'local' and not linked;
update wallets w set is_default = true
  where w.provider = 'local'
    and w.id = (select x.id from wallets x
                 where x.user_id = w.user_id and x.chain_type = w.chain_type and x.provider = 'local'
                 order by x.created_at, x.id limit 1)
    and not exists (select 1 from wallets d
                     where d.user_id = w.user_id and d.chain_type = w.chain_type
                       and d.provider = 'local' and d.is_default);
