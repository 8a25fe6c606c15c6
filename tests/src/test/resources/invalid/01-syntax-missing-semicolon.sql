-- expect-error-line: 4
-- invalid: two CREATE TABLE without a semicolon between them (the error is at the second CREATE)
CREATE TABLE a (x INTEGER NOT NULL, PRIMARY KEY (x))
CREATE TABLE b (y INTEGER NOT NULL, PRIMARY KEY (y));
