-- Sign-in throttling counts each attempt before it is verified (one atomic
-- upsert per key), so guesses sent together all count. One row per key (an
-- account or a client address): the attempts in the current window, when the
-- window ends, and until when the key is refused. It replaces the block table
-- of 004 and the keys it kept in the shared counters table (003).
CREATE TABLE desk_sign_in_attempts (
  key text PRIMARY KEY,
  attempts integer NOT NULL,
  window_ends timestamptz NOT NULL,
  blocked_until timestamptz NOT NULL
);

-- Carry over the counts and blocks in force, so an upgrade lifts no lock.
INSERT INTO desk_sign_in_attempts (key, attempts, window_ends, blocked_until)
SELECT coalesce(c.key, b.key),
       coalesce(c.count, 0),
       coalesce(c.reset_at, b.blocked_until),
       coalesce(b.blocked_until, now())
FROM (SELECT key, count, reset_at FROM counters WHERE key LIKE 'desk:sign-in:%' AND reset_at > now()) c
FULL JOIN (SELECT key, blocked_until FROM desk_sign_in_blocks WHERE blocked_until > now()) b
  ON b.key = c.key;

DELETE FROM counters WHERE key LIKE 'desk:sign-in:%';
DROP TABLE desk_sign_in_blocks;
