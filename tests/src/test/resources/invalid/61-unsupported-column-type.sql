-- expect-error-line: 3
-- invalid: DOUBLE is not a PimSQL type
CREATE TABLE a (x INTEGER NOT NULL, f DOUBLE, PRIMARY KEY (x));
