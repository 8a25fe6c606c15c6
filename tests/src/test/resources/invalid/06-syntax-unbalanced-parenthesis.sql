-- expect-error-line: 3
-- invalid: a missing closing parenthesis
CREATE TABLE a (x INTEGER NOT NULL, PRIMARY KEY (x);
