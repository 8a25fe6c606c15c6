-- expect-error-line: 5
-- invalid: a table partitioned twice
CREATE TABLE a (x INTEGER NOT NULL, y INTEGER NOT NULL, PRIMARY KEY (x, y));
PARTITION TABLE a ON COLUMN x;
PARTITION TABLE a ON COLUMN y;
