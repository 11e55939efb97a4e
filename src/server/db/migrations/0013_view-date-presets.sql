-- Issue 23: a saved view may keep a relative period ("This week", "Last 30 days"…) instead of dates: resolved when
-- the view is applied, so a view saved as "This week" shows the current week next Monday.
ALTER TABLE saved_views ADD COLUMN date_preset text;
