-- expect-error-line: 3
-- invalid: a misspelled type name
CREATE TABLE a (x INTGER NOT NULL, PRIMARY KEY (x));
