-- expect-error-line: 3
-- invalid: misspelled CREATE
CREAT TABLE a (x INTEGER NOT NULL, PRIMARY KEY (x));
