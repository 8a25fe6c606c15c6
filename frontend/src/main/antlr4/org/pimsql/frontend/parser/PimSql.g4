// The PimSQL dialect: a subset of HSQLDB 2.7's SQL plus PARTITION TABLE. Some constructs that the
// dialect rejects (GROUP BY, UNION, outer joins, DDL inside procedures, ...) are still parsed here so
// that the resolver can explain precisely why they are not supported instead of a bare syntax error.
grammar PimSql;

options { caseInsensitive = true; }

script
    : SEMI* (statement (SEMI+ statement)* SEMI*)? EOF
    ;

statement
    : createTable
    | createIndex
    | partitionTable
    | createProcedure
    ;

// ---------------------------------------------------------------- DDL

createTable
    : CREATE TABLE name=identifier LPAREN tableElement (COMMA tableElement)* RPAREN
    ;

tableElement
    : columnDef
    | tableConstraint
    ;

columnDef
    : name=identifier dataType columnOption*
    ;

columnOption
    : NOT NULL                                  # notNullOption
    | NULL                                      # nullOption
    | PRIMARY KEY                               # primaryKeyOption
    | UNIQUE                                    # uniqueOption
    | DEFAULT defaultValue                      # defaultOption
    | REFERENCES identifier (LPAREN identifierList RPAREN)?  # referencesOption
    ;

defaultValue
    : literal
    | MINUS number=(INTEGER_LITERAL | DECIMAL_LITERAL)
    | CURRENT_TIMESTAMP
    ;

tableConstraint
    : (CONSTRAINT cname=identifier)? PRIMARY KEY LPAREN identifierList RPAREN    # primaryKeyConstraint
    | (CONSTRAINT cname=identifier)? UNIQUE LPAREN identifierList RPAREN         # uniqueConstraint
    | (CONSTRAINT cname=identifier)? FOREIGN KEY LPAREN identifierList RPAREN
          REFERENCES identifier (LPAREN identifierList RPAREN)?                   # foreignKeyConstraint
    | (CONSTRAINT cname=identifier)? CHECK LPAREN expr RPAREN                    # checkConstraint
    ;

createIndex
    : CREATE UNIQUE? INDEX name=identifier ON table=identifier LPAREN indexColumn (COMMA indexColumn)* RPAREN
    ;

indexColumn
    : identifier (ASC | DESC)?
    ;

partitionTable
    : PARTITION TABLE table=identifier ON (COLUMN identifier | COLUMNS LPAREN identifierList RPAREN)
    ;

dataType
    : baseType (ARRAY LBRACKET capacity=INTEGER_LITERAL RBRACKET)?
    ;

baseType
    : SMALLINT                                                                  # smallintType
    | (INTEGER | INT)                                                           # integerType
    | BIGINT                                                                    # bigintType
    | (DECIMAL | NUMERIC | DEC) (LPAREN precision=INTEGER_LITERAL (COMMA scale=INTEGER_LITERAL)? RPAREN)?  # decimalType
    | (CHAR | CHARACTER) (LPAREN length=INTEGER_LITERAL RPAREN)?               # charType
    | (VARCHAR | (CHAR | CHARACTER) VARYING) (LPAREN length=INTEGER_LITERAL RPAREN)?  # varcharType
    | TIMESTAMP (LPAREN INTEGER_LITERAL RPAREN)? (WITHOUT TIME ZONE)?          # timestampType
    | (BOOLEAN)                                                                 # booleanType
    | identifier (LPAREN INTEGER_LITERAL (COMMA INTEGER_LITERAL)? RPAREN)?      # otherType
    ;

// ---------------------------------------------------------------- procedures

createProcedure
    : CREATE PROCEDURE name=identifier LPAREN (parameter (COMMA parameter)*)? RPAREN
      routineCharacteristic* body=compound
    ;

parameter
    : direction=(IN | OUT | INOUT)? name=identifier dataType
    ;

routineCharacteristic
    : MODIFIES SQL DATA                      # modifiesSqlData
    | READS SQL DATA                         # readsSqlData
    | CONTAINS SQL                           # containsSql
    | DYNAMIC RESULT SETS INTEGER_LITERAL    # dynamicResultSets
    | LANGUAGE SQL                           # languageSql
    | NOT? DETERMINISTIC                     # deterministic
    ;

compound
    : BEGIN ATOMIC declaration* procStatement* END
    ;

declaration
    : DECLARE identifierList dataType (DEFAULT expr)? SEMI                           # variableDeclaration
    | DECLARE name=identifier CURSOR (WITH | WITHOUT) RETURN FOR query SEMI           # cursorDeclaration
    ;

procStatement
    : compound SEMI                                                                   # compoundStatement
    | SET target=identifier EQ expr SEMI                                              # assignStatement
    | query SEMI                                                                      # selectStatement
    | INSERT INTO table=identifier (LPAREN identifierList RPAREN)?
          VALUES LPAREN expr (COMMA expr)* RPAREN SEMI                                # insertStatement
    | UPDATE table=identifier (AS? alias=identifier)? SET setItem (COMMA setItem)*
          (WHERE expr)? SEMI                                                          # updateStatement
    | DELETE FROM table=identifier (AS? alias=identifier)? (WHERE expr)? SEMI         # deleteStatement
    | IF expr THEN procStatement+ elseIf* (ELSE elseBody=statementList)? END IF SEMI # ifStatement
    | (label=identifier COLON)? WHILE expr DO procStatement+ END WHILE endLabel=identifier? SEMI  # whileStatement
    | (label=identifier COLON)? FOR query DO procStatement+ END FOR endLabel=identifier? SEMI    # forStatement
    | SIGNAL SQLSTATE VALUE? state=STRING (SET MESSAGE_TEXT EQ message=expr)? SEMI    # signalStatement
    | OPEN name=identifier SEMI                                                       # openStatement
    | declaration                                                                     # misplacedDeclare
    | (CREATE | DROP | ALTER) ~SEMI* SEMI                                              # ddlStatement
    ;

elseIf
    : ELSEIF expr THEN statementList
    ;

statementList
    : procStatement+
    ;

setItem
    : column=identifier EQ expr
    ;

// ---------------------------------------------------------------- queries

query
    : querySpec (setOperator querySpec)* orderBy? limitClause?
    ;

setOperator
    : (UNION | EXCEPT | INTERSECT) (ALL | DISTINCT)?
    ;

querySpec
    : SELECT setQuantifier=(DISTINCT | ALL)? selectItem (COMMA selectItem)*
      (INTO identifierList)?
      FROM fromItem (COMMA fromItem)*
      (WHERE where=expr)?
      groupBy?
      (HAVING having=expr)?
    ;

groupBy
    : GROUP BY expr (COMMA expr)*
    ;

selectItem
    : STAR                                         # allColumns
    | identifier DOT STAR                          # tableColumns
    | expr (AS? alias=identifier)?                 # expressionItem
    ;

fromItem
    : tablePrimary joinClause*
    ;

tablePrimary
    : table=identifier (AS? alias=identifier)?                 # tableReference
    | LPAREN query RPAREN (AS? alias=identifier)?              # derivedTable
    ;

joinClause
    : joinType? JOIN tablePrimary (ON expr)?
    ;

joinType
    : INNER
    | (LEFT | RIGHT | FULL) OUTER?
    | CROSS
    ;

orderBy
    : ORDER BY sortItem (COMMA sortItem)*
    ;

sortItem
    : expr direction=(ASC | DESC)?
    ;

limitClause
    : LIMIT limit=expr (OFFSET offset=expr)?
    | OFFSET offset=expr (ROW | ROWS) (FETCH (FIRST | NEXT) fetch=expr (ROW | ROWS) ONLY)?
    | FETCH (FIRST | NEXT) fetch=expr (ROW | ROWS) ONLY
    ;

// ---------------------------------------------------------------- expressions

expr
    : primary                                                  # primaryExpr
    | op=(MINUS | PLUS) expr                                   # unaryExpr
    | expr op=(STAR | SLASH | PERCENT) expr                    # mulExpr
    | expr op=(PLUS | MINUS) expr                              # addExpr
    | expr CONCAT expr                                         # concatExpr
    | expr op=(EQ | NE | LT | LE | GT | GE) expr               # comparisonExpr
    | expr IS NOT? NULL                                        # isNullExpr
    | expr NOT? BETWEEN expr AND expr                          # betweenExpr
    | expr NOT? IN LPAREN expr (COMMA expr)* RPAREN            # inExpr
    // two alternatives, so that each ends with an operand: a trailing optional ESCAPE made ANTLR parse the pattern
    // at the lowest precedence, and `v LIKE 'x%' OR n > 5` took `'x%' OR n > 5` for the pattern. The one without
    // ESCAPE comes first: where both parse, ANTLR takes the first (`a LIKE p AND b LIKE q ESCAPE e`)
    | expr NOT? LIKE expr                                      # likeExpr
    | expr NOT? LIKE expr ESCAPE escape=expr                   # likeExpr
    | NOT expr                                                 # notExpr
    | expr AND expr                                            # andExpr
    | expr OR expr                                             # orExpr
    ;

primary
    : literal                                                                  # literalPrimary
    | LPAREN query RPAREN                                                      # subqueryPrimary
    | EXISTS LPAREN query RPAREN                                               # existsPrimary
    | LPAREN expr RPAREN                                                       # parenPrimary
    | CASE operand=expr? whenClause+ (ELSE otherwise=expr)? END                # casePrimary
    | CAST LPAREN expr AS dataType RPAREN                                      # castPrimary
    | SUBSTRING LPAREN expr (FROM | COMMA) expr ((FOR | COMMA) expr)? RPAREN    # substringPrimary
    | (CHAR_LENGTH | CHARACTER_LENGTH) LPAREN expr RPAREN                      # charLengthPrimary
    | POSITION LPAREN needle=expr IN haystack=expr RPAREN                      # positionPrimary
    | TRIM LPAREN side=(LEADING | TRAILING | BOTH)? character=expr? FROM string=expr RPAREN  # trimPrimary
    | fn=(LEFT | RIGHT) LPAREN expr COMMA expr RPAREN                           # leftRightPrimary
    | EXTRACT LPAREN field=identifier FROM expr RPAREN                           # extractPrimary
    | COALESCE LPAREN expr (COMMA expr)* RPAREN                                # coalescePrimary
    | MOD LPAREN expr COMMA expr RPAREN                                        # modPrimary
    | CARDINALITY LPAREN expr RPAREN                                           # cardinalityPrimary
    | CURRENT_TIMESTAMP (LPAREN INTEGER_LITERAL RPAREN)?                       # currentTimestampPrimary
    | COUNT LPAREN STAR RPAREN overClause?                                     # countStarPrimary
    | fn=(COUNT | SUM | MIN | MAX | AVG) LPAREN quantifier=(DISTINCT | ALL)? expr RPAREN overClause?  # aggregatePrimary
    | array=identifier LBRACKET expr RBRACKET                                  # arrayElementPrimary
    | identifier LPAREN (expr (COMMA expr)*)? RPAREN                           # functionCallPrimary
    | qualifier=identifier DOT name=identifier                                 # qualifiedNamePrimary
    | name=identifier                                                          # namePrimary
    ;

whenClause
    : WHEN expr THEN expr
    ;

overClause
    : OVER LPAREN (PARTITION BY expr (COMMA expr)*)? orderBy? RPAREN
    ;

literal
    : INTEGER_LITERAL          # integerLiteral
    | DECIMAL_LITERAL          # decimalLiteral
    | STRING                   # stringLiteral
    | (TRUE | FALSE)           # booleanLiteral
    | NULL                     # nullLiteral
    | TIMESTAMP STRING         # timestampLiteral
    ;

identifierList
    : identifier (COMMA identifier)*
    ;

// Words that are keywords somewhere in the dialect but may still name user objects.
identifier
    : IDENTIFIER
    | QUOTED_IDENTIFIER
    | nonReserved
    ;

nonReserved
    : ATOMIC | COLUMN | COLUMNS | DATA | DYNAMIC | RESULT | SETS | SQL | MESSAGE_TEXT | SQLSTATE
    | VALUE | ROW | ROWS | FIRST | NEXT | ONLY | LANGUAGE | CONTAINS | DETERMINISTIC | KEY | INDEX
    | PARTITION | RETURN | CURSOR | READS | MODIFIES | ZONE | TIME | VARYING | OVER | INOUT | OUT
    | CARDINALITY | CHAR_LENGTH | CHARACTER_LENGTH | COALESCE | MOD | POSITION | SUBSTRING | DEC | NEXT
    | ESCAPE | TRIM | LEADING | TRAILING | BOTH | EXTRACT
    ;

// ---------------------------------------------------------------- lexer

ALL: 'ALL'; ALTER: 'ALTER'; AND: 'AND'; ARRAY: 'ARRAY'; AS: 'AS'; ASC: 'ASC'; ATOMIC: 'ATOMIC';
AVG: 'AVG'; BEGIN: 'BEGIN'; BETWEEN: 'BETWEEN'; BIGINT: 'BIGINT'; BOOLEAN: 'BOOLEAN'; BOTH: 'BOTH'; BY: 'BY';
CARDINALITY: 'CARDINALITY'; CASE: 'CASE'; CAST: 'CAST'; CHAR: 'CHAR'; CHARACTER: 'CHARACTER';
CHAR_LENGTH: 'CHAR_LENGTH'; CHARACTER_LENGTH: 'CHARACTER_LENGTH'; CHECK: 'CHECK'; COALESCE: 'COALESCE';
COLUMN: 'COLUMN'; COLUMNS: 'COLUMNS'; CONSTRAINT: 'CONSTRAINT'; CONTAINS: 'CONTAINS'; COUNT: 'COUNT';
CREATE: 'CREATE'; CROSS: 'CROSS'; CURRENT_TIMESTAMP: 'CURRENT_TIMESTAMP'; CURSOR: 'CURSOR'; DATA: 'DATA';
DEC: 'DEC'; DECIMAL: 'DECIMAL'; DECLARE: 'DECLARE'; DEFAULT: 'DEFAULT'; DELETE: 'DELETE'; DESC: 'DESC';
DETERMINISTIC: 'DETERMINISTIC'; DISTINCT: 'DISTINCT'; DO: 'DO'; DROP: 'DROP'; DYNAMIC: 'DYNAMIC';
ELSE: 'ELSE'; ELSEIF: 'ELSEIF'; END: 'END'; ESCAPE: 'ESCAPE'; EXCEPT: 'EXCEPT'; EXISTS: 'EXISTS'; EXTRACT: 'EXTRACT'; FALSE: 'FALSE'; FETCH: 'FETCH';
FIRST: 'FIRST'; FOR: 'FOR'; FOREIGN: 'FOREIGN'; FROM: 'FROM'; FULL: 'FULL'; GROUP: 'GROUP';
HAVING: 'HAVING'; IF: 'IF'; IN: 'IN'; INDEX: 'INDEX'; INNER: 'INNER'; INOUT: 'INOUT'; INSERT: 'INSERT';
INT: 'INT'; INTEGER: 'INTEGER'; INTERSECT: 'INTERSECT'; INTO: 'INTO'; IS: 'IS'; JOIN: 'JOIN'; KEY: 'KEY';
LANGUAGE: 'LANGUAGE'; LEADING: 'LEADING'; LEFT: 'LEFT'; LIKE: 'LIKE'; LIMIT: 'LIMIT'; MAX: 'MAX'; MESSAGE_TEXT: 'MESSAGE_TEXT';
MIN: 'MIN'; MOD: 'MOD'; MODIFIES: 'MODIFIES'; NEXT: 'NEXT'; NOT: 'NOT'; NULL: 'NULL'; NUMERIC: 'NUMERIC';
OFFSET: 'OFFSET'; ON: 'ON'; ONLY: 'ONLY'; OPEN: 'OPEN'; OR: 'OR'; ORDER: 'ORDER'; OUT: 'OUT';
OUTER: 'OUTER'; OVER: 'OVER'; PARTITION: 'PARTITION'; POSITION: 'POSITION'; PRIMARY: 'PRIMARY'; PROCEDURE: 'PROCEDURE';
READS: 'READS'; REFERENCES: 'REFERENCES'; RESULT: 'RESULT'; RETURN: 'RETURN'; RIGHT: 'RIGHT'; ROW: 'ROW';
ROWS: 'ROWS'; SELECT: 'SELECT'; SET: 'SET'; SETS: 'SETS'; SIGNAL: 'SIGNAL'; SMALLINT: 'SMALLINT';
SQL: 'SQL'; SQLSTATE: 'SQLSTATE'; SUBSTRING: 'SUBSTRING'; SUM: 'SUM'; TABLE: 'TABLE'; THEN: 'THEN';
TIME: 'TIME'; TIMESTAMP: 'TIMESTAMP'; TRAILING: 'TRAILING'; TRIM: 'TRIM'; TRUE: 'TRUE'; UNION: 'UNION'; UNIQUE: 'UNIQUE'; UPDATE: 'UPDATE';
VALUE: 'VALUE'; VALUES: 'VALUES'; VARCHAR: 'VARCHAR'; VARYING: 'VARYING'; WHEN: 'WHEN'; WHERE: 'WHERE';
WHILE: 'WHILE'; WITH: 'WITH'; WITHOUT: 'WITHOUT'; ZONE: 'ZONE';

EQ: '='; NE: '<>' | '!='; LE: '<='; GE: '>='; LT: '<'; GT: '>';
PLUS: '+'; MINUS: '-'; STAR: '*'; SLASH: '/'; PERCENT: '%'; CONCAT: '||';
LPAREN: '('; RPAREN: ')'; LBRACKET: '['; RBRACKET: ']'; COMMA: ','; SEMI: ';'; DOT: '.'; COLON: ':';

STRING: '\'' (~'\'' | '\'\'')* '\'';
QUOTED_IDENTIFIER: '"' (~'"' | '""')+ '"';
DECIMAL_LITERAL: [0-9]+ '.' [0-9]* | '.' [0-9]+;
INTEGER_LITERAL: [0-9]+;
IDENTIFIER: [A-Z_] [A-Z_0-9$]*;

LINE_COMMENT: '--' ~[\r\n]* -> skip;
BLOCK_COMMENT: '/*' .*? '*/' -> skip;
WHITESPACE: [ \t\r\n\f]+ -> skip;
