-- Issue 25: webhook deliveries survive a restart, and the delivery log keeps failures visible.
-- `notice` is what a queued or retrying delivery says (JSON), so a core that stopped before sending
-- it sends it at its next start; it is cleared once the delivery is settled.
ALTER TABLE webhook_deliveries ADD COLUMN notice TEXT;
-- Deliveries a target's full queue dropped, since the target was made.
ALTER TABLE webhook_targets ADD COLUMN dropped INTEGER NOT NULL DEFAULT 0;
-- The log keeps the newest rows of each outcome: pruning walks one outcome of one target.
CREATE INDEX webhook_deliveries_outcome ON webhook_deliveries (target_id, status, id);
