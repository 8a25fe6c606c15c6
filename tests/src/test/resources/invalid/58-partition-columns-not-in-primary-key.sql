-- expect-error-line: 4
-- expect-message: zone
CREATE TABLE a (x INTEGER NOT NULL, y INTEGER NOT NULL, zone INTEGER NOT NULL, PRIMARY KEY (x, y));
PARTITION TABLE a ON COLUMNS (x, zone);
