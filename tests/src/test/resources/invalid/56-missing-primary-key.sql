-- expect-error-line: 2
CREATE TABLE a (x INTEGER NOT NULL, y INTEGER);
