-- Sessions of the web dashboard. Only a hash of the session token is stored: a database reader
-- cannot take over a session.
create table dashboard_sessions (
  -- SHA-256 of the token sent in the session cookie
  token_hash           bytea primary key,
  id                   text not null unique,
  user_id              text not null references users (id) on delete cascade,
  -- synchronizer token of the session's forms (CSRF)
  csrf_secret          text not null,
  -- SHA-256 of the user's password hash when signing in: a password change ends older sessions
  password_fingerprint text not null,
  created_at           timestamptz not null,
  last_seen_at         timestamptz not null,
  -- absolute end; the idle timeout is computed from last_seen_at
  expires_at           timestamptz not null
);
create index dashboard_sessions_user_idx on dashboard_sessions (user_id);
create index dashboard_sessions_expires_idx on dashboard_sessions (expires_at);
