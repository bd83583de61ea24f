-- Users linked to their account at the wallet provider (Privy: did:privy:...), and wallets that
-- mirror the provider's linked accounts.
alter table users add column provider_user_id text;
create unique index users_provider_user_key on users (provider_user_id) where provider_user_id is not null;

-- False once a wallet left the user's linked accounts at the provider: the row stays for the
-- transactions that name it, but it is neither listed nor used again (unless it comes back).
alter table wallets add column linked boolean not null default true;
