-- expect-error-line: 4
-- invalid: two tables named a (names are case-insensitive)
CREATE TABLE a (x INTEGER NOT NULL, PRIMARY KEY (x));
CREATE TABLE A (y INTEGER NOT NULL, PRIMARY KEY (y));
