-- expect-error-line: 4
-- expect-message: region
CREATE TABLE a (x INTEGER NOT NULL, region INTEGER NOT NULL, PRIMARY KEY (x));
PARTITION TABLE a ON COLUMN region;
