-- The steps towards a sale (docs/insights.md, "What sells"), per day and photograph ('' for a
-- step that is no one photograph's), as the worker saw them: counts, never a visitor.
CREATE TABLE sales_steps (
  day TEXT NOT NULL,
  step TEXT NOT NULL,
  photo TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (day, step, photo)
) STRICT;
