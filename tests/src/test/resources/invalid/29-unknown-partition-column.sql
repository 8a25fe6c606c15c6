-- expect-error-line: 4
-- expect-message: nosuchcolumn
CREATE TABLE a (x INTEGER NOT NULL, PRIMARY KEY (x));
PARTITION TABLE a ON COLUMN nosuchcolumn;
