-- expect-error-line: 3
-- expect-message: nosuchcolumn
CREATE TABLE a (x INTEGER NOT NULL, PRIMARY KEY (nosuchcolumn));
