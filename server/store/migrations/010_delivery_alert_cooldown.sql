-- A CRM that flaps (fails, recovers, fails again …) does not send a "failing"
-- and a "recovered" alert every cycle. After a "recovered" alert a cooldown
-- runs (ALERT_COOLDOWN); the changes of state within it are held and counted
-- here, and when it ends one summary alert gives the counts and the state at
-- that moment, and starts the next cooldown.
ALTER TABLE delivery_alert_state
  -- Until when alerts are held (NULL: never held since the table existed).
  ADD COLUMN cooldown_until timestamptz,
  -- When the running (or last) cooldown began.
  ADD COLUMN cooldown_started timestamptz,
  -- Changes into "failing" and back to delivering held in this cooldown.
  ADD COLUMN held_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN held_recoveries integer NOT NULL DEFAULT 0;
