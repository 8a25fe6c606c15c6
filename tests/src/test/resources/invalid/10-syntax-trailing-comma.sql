-- expect-error-line: 3
-- invalid: a trailing comma in the column list
CREATE TABLE a (x INTEGER NOT NULL, PRIMARY KEY (x),);
