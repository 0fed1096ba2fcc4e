-- When the summary the Studio's dashboard reads (the `insights.summary` document) was last
-- written: once an hour at most.
CREATE TABLE insights_summary (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  written_at INTEGER NOT NULL
);
