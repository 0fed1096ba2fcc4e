-- Insights (docs/insights.md): what is seen, one row per day (UTC) and page, and per day and
-- referring site (its host only). Counts, never a visitor: no address, no identifier, no cookie.
CREATE TABLE page_views (
  day TEXT NOT NULL,
  path TEXT NOT NULL,
  views INTEGER NOT NULL,
  PRIMARY KEY (day, path)
);
CREATE TABLE referrer_views (
  day TEXT NOT NULL,
  host TEXT NOT NULL,
  views INTEGER NOT NULL,
  PRIMARY KEY (day, host)
);
