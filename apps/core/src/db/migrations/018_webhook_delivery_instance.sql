-- Issue 23 item 16: the delivery log says which instance each delivery was about (its uuid, and
-- its name when the delivery was queued); both null for core-wide events and "Send test".
ALTER TABLE webhook_deliveries ADD COLUMN instance_uuid TEXT;
ALTER TABLE webhook_deliveries ADD COLUMN instance_name TEXT;
